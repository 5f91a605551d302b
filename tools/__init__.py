"""Scripts that work on the project: the installer (install.py) and the compiled build
(native_build.py), the quick-start check CI runs (quickstart_check.py), content generators and
the Runebound balance run. Each runs as ``python tools/NAME.py``; the tests import some as
``tools.NAME``."""
