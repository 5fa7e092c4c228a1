"""Allow ``python -m doomlings_access``."""

from doomlings_access.cli import main

raise SystemExit(main())
