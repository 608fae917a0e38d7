"""The line protocol both input injectors speak: "ready" once the compositor's input API is
open, then for each command line on stdin one answer line, "ok COMMAND" once it was delivered
or "error COMMAND: why"; a test waits for the answer before it looks at the app."""
import sys


def serve(run, errors):
    """Answers every command on stdin with `run(words)`; `errors` are the exceptions that make
    an "error" answer instead of ending the injector."""
    print("ready", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        try:
            run(words)
            print("ok " + line.strip(), flush=True)
        except errors as error:
            print("error %s: %s" % (line.strip(), error), flush=True)
