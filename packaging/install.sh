#!/bin/sh
# Install Championship Banker for this user, no root needed: the app to
# ~/.local/opt/championship-banker/, `banker` linked in ~/.local/bin/, the desktop entry to
# ~/.local/share/applications/ and the icon to ~/.local/share/icons/hicolor/. Run it from the
# unpacked bundle: ./install.sh   (again to update: the games in the data folder stay as
# they are)   ./install.sh --uninstall   removes the app, the entry and the icon, never a game.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
share=${XDG_DATA_HOME:-$HOME/.local/share}
# Not in $share/championship-banker: that is the games' data folder (platformdirs' choice).
app=$HOME/.local/opt/championship-banker
bin=$HOME/.local/bin
entry=$share/applications/championship-banker.desktop
icons=$share/icons/hicolor

refresh() {
    # The desktop's caches, where the tools are there; a desktop without them looks anyway.
    command -v update-desktop-database >/dev/null 2>&1 \
        && update-desktop-database -q "$share/applications" 2>/dev/null || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 \
        && gtk-update-icon-cache -q -f -t "$icons" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
    [ -L "$bin/banker" ] && rm -f "$bin/banker"
    rm -rf "$app"
    rm -f "$entry" "$icons"/*/apps/championship-banker.png "$icons"/scalable/apps/championship-banker.svg
    refresh
    echo "Championship Banker removed (the games in its data folder are kept)."
    exit 0
fi

if [ ! -x "$here/banker" ] || [ ! -d "$here/_internal" ]; then
    echo "Run install.sh from the unpacked bundle (the folder holding banker and _internal/)." >&2
    exit 1
fi

# The app: a fresh copy next to the old one, then swapped in, so a failed copy leaves the
# installed version as it was.
if [ "$here" != "$app" ]; then
    mkdir -p "$(dirname "$app")"
    rm -rf "$app.new"
    cp -R "$here" "$app.new"
    rm -rf "$app"
    mv "$app.new" "$app"
fi
mkdir -p "$bin"
ln -sf "$app/banker" "$bin/banker"

# The icon at each size, and the desktop entry started by the installed program's own path
# (a desktop's menu does not search ~/.local/bin).
for size in 64 128 256; do
    mkdir -p "$icons/${size}x${size}/apps"
    cp "$here/icons/championship-banker-$size.png" "$icons/${size}x${size}/apps/championship-banker.png"
done
mkdir -p "$icons/scalable/apps" "$share/applications"
cp "$here/icons/championship-banker.svg" "$icons/scalable/apps/championship-banker.svg"
escaped=$(printf '%s' "$app/banker" | sed 's/[\\"`$]/\\\\&/g')
sed "s|^Exec=banker |Exec=\"$escaped\" |" "$here/championship-banker.desktop" > "$entry"
refresh

echo "Championship Banker installed in $app"
echo "  the menu's entry: $entry"
echo "  the command line: $bin/banker"
case ":$PATH:" in
    *":$bin:"*) ;;
    *) echo "  ($bin is not on your PATH: start it from the menu, or as $bin/banker)";;
esac
