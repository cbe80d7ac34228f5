"""The bundle's starting script: `banker`, as the wheel's console script runs it."""

import multiprocessing

from ui.entry import main

if __name__ == "__main__":
    # `banker simulate --workers N` starts processes: a frozen program needs this where they
    # are spawned (Windows, macOS), and it does nothing elsewhere.
    multiprocessing.freeze_support()
    main()
