/* Linux stand-in: GuiNN's engine.cpp includes <conio.h> but uses nothing from it. Our code. */
#pragma once
