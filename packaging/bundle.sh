#!/usr/bin/env bash
# The standalone bundle (./dev bundle): PyInstaller's one folder, dist/championship-banker/
# (`banker`, its `_internal/`, install.sh, the desktop entry, the icons), and the same folder as
# dist/championship-banker-VERSION-linux-ARCH.tar.gz, the one download a banker gets.
#   packaging/bundle.sh           build it
#   packaging/bundle.sh --check   smoke-test the built tar.gz (built first if there is none):
#       unpacked in a temporary folder and run from a working folder outside the checkout,
#       with an environment of its own (no PYTHON*, PATH=/usr/bin:/bin, HOME and the data folder
#       in the temporary folder): --help, start, run and verify every shipped example, the
#       window offscreen (and on Xvfb where xvfb-run is there), install.sh and its --uninstall.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-.venv/bin/python}
NAME=championship-banker
FOLDER=dist/$NAME

build() {
    local began=$SECONDS version tarball
    "$PY" -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist \
        --workpath build/pyinstaller packaging/banker.spec
    strip_symbols "$FOLDER/_internal"
    cp packaging/install.sh "packaging/$NAME.desktop" "$FOLDER/"
    cp packaging/README-bundle.txt "$FOLDER/README.txt"
    mkdir -p "$FOLDER/icons"
    cp resources/icons/$NAME.svg resources/icons/$NAME-*.png "$FOLDER/icons/"
    version=$(cat "$FOLDER/_internal/app/_version.txt")  # written by packaging/banker.spec
    tarball=dist/$NAME-$version-linux-$(uname -m).tar.gz
    rm -f dist/$NAME-*-linux-*.tar.gz
    tar -C dist -czf "$tarball" "$NAME"
    echo "Built in $((SECONDS - began)) s:"
    echo "  $FOLDER/  $(du -sh "$FOLDER" | cut -f1)  (start it: $FOLDER/banker)"
    echo "  $tarball  $(du -h "$tarball" | cut -f1)"
}

strip_symbols() {  # FOLDER
    # The debug symbols off every library that still has them (libpython, SQLAlchemy's, cryptography's
    # and pydantic's compiled modules: about 36 MB); Qt's own (PySide6/) come stripped from its
    # wheels and are left as they are: stripping its FFmpeg libraries again leaves Qt Multimedia
    # without a backend (no sounds), which PyInstaller's own `strip` option did.
    if ! command -v strip >/dev/null || ! command -v file >/dev/null; then
        echo "no strip or file (Debian packages binutils, file): the debug symbols are kept"
        return 0
    fi
    find "$1" -path "$1/PySide6" -prune -o -type f -name "*.so*" -print | while read -r lib; do
        if file -b "$lib" | grep -q "^ELF.*not stripped"; then strip --strip-unneeded "$lib"; fi
    done
}

latest() {
    ls -t dist/$NAME-*-linux-*.tar.gz 2>/dev/null | head -1
}

said() {  # the first window's report (ui/first_window.py) on one line, without Qt's notes
    grep -E "^(first window|title:)" <<<"$1" | paste -sd ";" | sed 's/;\([^ ]\)/; \1/g'
}

fail() {
    echo "bundle check FAILED: $*" >&2
    exit 1
}

check() {
    local tarball tmp root out data examples count
    tarball=$(latest)
    if [ -z "$tarball" ]; then
        build
        tarball=$(latest)
    fi
    echo "Checking $tarball (built $(date -r "$tarball" '+%Y-%m-%d %H:%M'))"
    tmp=$(mktemp -d)
    trap "rm -rf '$tmp'" EXIT
    mkdir -p "$tmp/work" "$tmp/home" "$tmp/unpacked"
    tar -xzf "$tarball" -C "$tmp/unpacked"
    root=$tmp/unpacked/$NAME
    data=$tmp/data
    # Only what a banker's session has: no Python of the project's, no checkout in reach.
    clean=(env -i HOME="$tmp/home" PATH=/usr/bin:/bin LANG=C.UTF-8 BANKER_DATA_DIR="$data"
           XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share")
    run() { (cd "$tmp/work" && "${clean[@]}" QT_QPA_PLATFORM=offscreen "$@"); }
    expect() {  # expect TEXT OUTPUT WHAT
        grep -qF -- "$1" <<<"$2" || fail "$3: no \"$1\" in:"$'\n'"$2"
    }

    for plugin in platforms/libqxcb.so platforms/libqoffscreen.so platforms/libqwayland.so \
            multimedia/libffmpegmediaplugin.so imageformats/libqsvg.so; do
        [ -f "$root/_internal/PySide6/Qt/plugins/$plugin" ] || fail "Qt plugin $plugin missing"
    done
    for file in migrations/env.py migrations/versions/0001_ledger.py resources/styles/app.qss \
            resources/fonts/DejaVuSans.ttf resources/sounds/time.wav resources/icons/$NAME-256.png; do
        [ -f "$root/_internal/$file" ] || fail "$file missing"
    done
    echo "ok  the Qt plugins (xcb, offscreen, wayland, multimedia) and the data files are there"
    # What the app never loads is left out (packaging/banker.spec, NEVER_LOADED).
    for left in PySide6/Qt/translations PySide6/Qt/lib/libQt6VirtualKeyboard.so.6 \
            PySide6/Qt/lib/libQt6Pdf.so.6 PySide6/Qt/plugins/platforms/libqeglfs.so \
            PySide6/Qt/plugins/imageformats/libqtiff.so PySide6/QtOpenGL.abi3.so greenlet; do
        [ ! -e "$root/_internal/$left" ] || fail "$left is in the bundle (the app never loads it)"
    done
    echo "ok  Qt's translations, the virtual keyboard, Qt PDF, eglfs, the unused image formats and"
    echo "    Python modules are left out"

    out=$(run "$root/banker" --help) || fail "banker --help: $out"
    expect verify "$out" "banker --help"
    echo "ok  banker --help"
    out=$(run "$root/banker" start 2>&1) || fail "banker start: $out"
    expect "Recording classic-sample.jsonl" "$out" "banker start"
    out=$(run "$root/banker" verify --db "$data/sample-table.db" 2>&1) || fail "verify: $out"
    echo "ok  banker start; banker verify on its sample game: ${out%%$'\n'*}"

    # Every shipped example recorded as a game in the data folder (with a judge for its judge's
    # lines: the PIN from the environment, as a script's judge gives it), and verified.
    examples=$root/_internal/resources/examples
    [ -d "$examples" ] || examples=$root/_internal/examples
    count=0
    mkdir -p "$data/games"
    for script in "$examples"/*.jsonl; do
        db=$data/games/$(basename "$script" .jsonl).db
        out=$(run BANKER_JUDGE_PIN=246802 "$root/banker" run "$script" --db "$db" --judge Lee \
            </dev/null 2>&1) || fail "banker run $script: $out"
        out=$(run "$root/banker" verify --db "$db" 2>&1) || fail "banker verify $db: $out"
        count=$((count + 1))
    done
    [ "$count" -gt 0 ] || fail "no example in $examples"
    echo "ok  banker run and banker verify on $count recorded examples"

    out=$(run env BANKER_FIRST_WINDOW="$tmp/offscreen.png" "$root/banker" 2>&1) \
        || fail "the window offscreen: $out"
    expect "first window after" "$out" "the window offscreen"
    expect "games listed: $count;" "$out" "the window offscreen"
    expect "sounds: Qt Multimedia loaded" "$out" "the window offscreen"
    ! grep -qF "No QtMultimedia backends" <<<"$out" || fail "Qt Multimedia has no backend: $out"
    cp "$tmp/offscreen.png" dist/bundle-window-offscreen.png
    echo "ok  the window offscreen: $(said "$out")"

    if command -v xvfb-run >/dev/null; then
        out=$(cd "$tmp/work" && xvfb-run -a -s "-screen 0 1366x768x24" sh -c \
            'exec "$@" DISPLAY="$DISPLAY" XAUTHORITY="$XAUTHORITY" BANKER_FIRST_WINDOW="$0" banker' \
            "$tmp/xcb.png" "${clean[@]}" PATH="$root:/usr/bin:/bin" 2>&1) \
            || fail "the window on Xvfb: $out"
        expect "platform xcb" "$out" "the window on Xvfb"
        cp "$tmp/xcb.png" dist/bundle-window-xcb.png
        echo "ok  the window on an X display (Xvfb): $(said "$out")"
    else
        echo "--  the window on an X display not checked: no xvfb-run (Debian package xvfb)"
    fi

    # install.sh into the temporary HOME; the installed banker then keeps its games in the
    # default data folder there (no BANKER_DATA_DIR), which an update and --uninstall keep.
    local share=$tmp/home/.local/share installed=$tmp/home/.local/opt/$NAME/banker
    out=$("${clean[@]}" "$root/install.sh") || fail "install.sh: $out"
    for file in "$share/applications/$NAME.desktop" "$share/icons/hicolor/256x256/apps/$NAME.png" \
            "$share/icons/hicolor/64x64/apps/$NAME.png" "$share/icons/hicolor/scalable/apps/$NAME.svg" \
            "$installed" "$tmp/home/.local/bin/banker"; do
        [ -e "$file" ] || fail "install.sh did not install $file"
    done
    if command -v desktop-file-validate >/dev/null; then
        desktop-file-validate "$share/applications/$NAME.desktop" || fail "desktop-file-validate"
    fi
    expect "Exec=\"$installed\" %f" "$(cat "$share/applications/$NAME.desktop")" "the entry"
    out=$(cd "$tmp/work" && env -i HOME="$tmp/home" PATH=/usr/bin:/bin LANG=C.UTF-8 \
        QT_QPA_PLATFORM=offscreen "$tmp/home/.local/bin/banker" start 2>&1) \
        || fail "the installed banker start: $out"
    [ -f "$share/$NAME/sample-table.db" ] || fail "the installed banker's data folder: $out"
    "${clean[@]}" "$root/install.sh" >/dev/null || fail "install.sh again (an update)"
    "${clean[@]}" "$root/install.sh" --uninstall >/dev/null || fail "install.sh --uninstall"
    [ ! -e "$installed" ] && [ ! -e "$share/applications/$NAME.desktop" ] \
        && [ ! -e "$tmp/home/.local/bin/banker" ] || fail "install.sh --uninstall left files"
    [ -f "$share/$NAME/sample-table.db" ] || fail "an update or --uninstall removed a game"
    echo "ok  install.sh: the app, the desktop entry (valid) and the icons in ~/.local; the"
    echo "    installed banker's games kept by an update and by --uninstall"
    echo "bundle check passed; pictures of the window: dist/bundle-window-*.png"
}

case "${1:-}" in
    "") build ;;
    --check) check ;;
    *) echo "usage: packaging/bundle.sh [--check]" >&2; exit 2 ;;
esac
