// libadwaita 1.2 for the demo app (Debian's libadwaita-1-dev). The widget library never
// imports it: it stays GTK-only.
#pragma once
#include <adwaita.h>
