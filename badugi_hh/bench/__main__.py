"""``python -m badugi_hh.bench``: the same as ``badugi-hh bench``."""

import sys

from badugi_hh.bench import main

sys.exit(main())
