"""`python -m tui_naval` runs the command line."""

import sys

from tui_naval.cli import main

sys.exit(main())
