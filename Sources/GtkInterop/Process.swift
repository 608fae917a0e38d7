// The running process: its standard error and where its executable lives.

import CGtk
import Glibc

/// Writes `message` and a newline to standard error.
package func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

/// The directory of the running executable, symbolic links resolved.
package func executableDirectory() -> String? {
    guard let executable = g_file_read_link("/proc/self/exe", nil) else { return nil }
    defer { g_free(executable) }
    guard let directory = g_path_get_dirname(executable) else { return nil }
    defer { g_free(directory) }
    return String(cString: directory)
}
