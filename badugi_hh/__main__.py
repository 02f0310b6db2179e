"""``python -m badugi_hh``: the command line of the ``badugi-hh`` script, its exit
status passed on, where the script is not on the path.

    python -m badugi_hh import logs/
    python -m badugi_hh stats --player pokerstars:Hero
"""

import sys

from badugi_hh.cli import main

if __name__ == "__main__":   # so that importing the module (doctests) runs nothing
    sys.exit(main())
