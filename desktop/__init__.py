"""The PySide6 desktop app. It displays what ``core`` computes and computes no math itself.

Importing this package does not load Qt: only ``desktop.app`` and the widget modules do,
so ``backprop-lens run ...`` stays headless.
"""
