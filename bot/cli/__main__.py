"""`python -m bot.cli`: the same entry point as the `smith` console script."""

import sys

from bot.cli import main

sys.exit(main())
