/* Linux stand-in for MSVC's <intrin.h>: GuiNN's headers take their __GNUC__ branches. Our code. */
#pragma once
#include <x86intrin.h>
