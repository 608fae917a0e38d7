# Sourced (not run) by the project's scripts: the set-up steps they share on Debian 12
# (bookworm: GTK 4.8, libadwaita 1.2) and Debian 13 (trixie: GTK 4.18, libadwaita 1.7).

# debian_suite: this machine's Debian suite (bookworm, trixie, ...), from /etc/os-release.
debian_suite() {
    (. /etc/os-release && echo "${VERSION_CODENAME:-unknown}")
}

# debian_package NAME: the name this suite gives to the package the project calls NAME.
# Most names are the same on both suites; the ones that carry a version differ:
#   libstdc++-dev, libgcc-dev: the C++ and GCC runtime Swift's clang links with (12 on
#     bookworm, 14 on trixie); libpython3: the Python the toolchain's LLDB loads (3.11, 3.13).
debian_package() {
    case "$(debian_suite):$1" in
    trixie:libstdc++-dev) echo libstdc++-14-dev ;;
    trixie:libgcc-dev) echo libgcc-14-dev ;;
    trixie:libpython3) echo libpython3.13 ;;
    *:libstdc++-dev) echo libstdc++-12-dev ;;
    *:libgcc-dev) echo libgcc-12-dev ;;
    *:libpython3) echo libpython3.11 ;;
    *) echo "$1" ;;
    esac
}

# ensure_debian_packages PACKAGE...: installs those of PACKAGE... that are not installed yet,
# each under this suite's name for it (debian_package).
ensure_debian_packages() {
    missing=""
    for package in "$@"; do
        package="$(debian_package "$package")"
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
    done
    [ -n "$missing" ] || return 0
    echo "installing:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
}

# swift_runtime_packages: what the Swift toolchain itself needs to run, build and link here
# (a minimal Debian has none of it).
swift_runtime_packages() {
    echo libncurses6 libedit2 libstdc++-dev libgcc-dev zlib1g-dev libxml2-dev libcurl4-openssl-dev libpython3 \
        libc6-dev binutils
}

# use_swift: puts the Swift toolchain on PATH when it is installed under /opt/swift but not found.
use_swift() {
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        PATH="/opt/swift/usr/bin:$PATH"
    fi
}
