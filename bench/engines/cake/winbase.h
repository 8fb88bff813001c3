/* Linux stand-in (Cake build): see windows.h. Our code. */
#pragma once
#include "windows.h"
