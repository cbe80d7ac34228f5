"""A screenshot of the board editor on the Singapore board with a refused price showing (for the docs).

xvfb-run -a -s "-screen 0 1366x768x24" .venv/bin/python -m ui.tools.board_editor_screenshot \
    docs/screenshots/board-editor.png
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer

from app.datafolder.paths import DATA_DIR_ENV
from app.editions.board_editor import open_board


def main(target: Path) -> None:
    # A data folder of its own: the screenshot shows the shipped boards only.
    os.environ[DATA_DIR_ENV] = tempfile.mkdtemp(prefix="banker-shot-")
    from ui.app import application  # noqa: PLC0415
    from ui.board_editor.window import BoardEditorWindow  # noqa: PLC0415

    app = application(["banker"])
    window = BoardEditorWindow(open_board("singapore"), give_up=lambda _question: True)
    window.resize(1366, 768)
    window.show()
    spaces = window.spaces
    price = spaces.index(3, spaces.column("price"))
    spaces.setData(price, "-60")
    window.table.setCurrentIndex(price)
    loop = QEventLoop()
    QTimer.singleShot(600, loop.quit)  # let the window lay itself out and paint
    loop.exec()
    window.grab().save(str(target))
    print(f"wrote {target}")
    window.close()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "board-editor.png"))
