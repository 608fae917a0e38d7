// The app's own GTK module: GTK 4 and the refresh-list widget's C API.
#pragma once
#include <gtk/gtk.h>
#include <refresh-list/refresh-list.h>
