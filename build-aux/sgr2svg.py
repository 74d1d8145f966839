#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# sgr2svg.py - turn a `tmux capture-pane -e -p` capture (text with SGR
# escapes) into an SVG screenshot: one <rect> per background run and one
# <text> per run of equal style, in a monospace font, cell by cell, so the
# image is exactly the terminal grid.  Usage: sgr2svg.py W H < cap > out.svg
# Maintainer tool for `make screenshots`; Python 3 standard library only.
import os
import re
import sys
from xml.sax.saxutils import escape

CW, CH, FS = 9, 18, 15          # cell width, cell height, font size (px)
DEF_FG, DEF_BG = '#d8d8d8', '#1e1e1e'
# A light terminal (for the light theme's screenshots): SGR2SVG_BG=light.
if os.environ.get('SGR2SVG_BG') == 'light':
    DEF_FG, DEF_BG = '#202020', '#fafafa'
BASE16 = ['#000000', '#cd3131', '#0dbc79', '#e5e510', '#2472c8', '#bc3fbc',
          '#11a8cd', '#e5e5e5', '#666666', '#f14c4c', '#23d18b', '#f5f543',
          '#3b8eea', '#d670d6', '#29b8db', '#ffffff']


def xterm256(n):
    if n < 16:
        return BASE16[n]
    if n < 232:
        n -= 16
        lv = [0, 95, 135, 175, 215, 255]
        return '#%02x%02x%02x' % (lv[n // 36], lv[n // 6 % 6], lv[n % 6])
    g = 8 + (n - 232) * 10
    return '#%02x%02x%02x' % (g, g, g)


def sgr(params, st):
    p = [int(x) if x else 0 for x in params.split(';')] if params else [0]
    i = 0
    while i < len(p):
        c = p[i]
        if c == 0:
            st.update(fg=None, bg=None, bold=0, dim=0, ul=0, rev=0)
        elif c == 1:
            st['bold'] = 1
        elif c == 2:
            st['dim'] = 1
        elif c == 4:
            st['ul'] = 1
        elif c == 7:
            st['rev'] = 1
        elif c == 22:
            st['bold'] = st['dim'] = 0
        elif c == 24:
            st['ul'] = 0
        elif c == 27:
            st['rev'] = 0
        elif 30 <= c <= 37:
            st['fg'] = xterm256(c - 30)
        elif 90 <= c <= 97:
            st['fg'] = xterm256(c - 90 + 8)
        elif 40 <= c <= 47:
            st['bg'] = xterm256(c - 40)
        elif 100 <= c <= 107:
            st['bg'] = xterm256(c - 100 + 8)
        elif c == 39:
            st['fg'] = None
        elif c == 49:
            st['bg'] = None
        elif c in (38, 48) and i + 2 < len(p) and p[i + 1] == 5:
            st['fg' if c == 38 else 'bg'] = xterm256(p[i + 2])
            i += 2
        elif c in (38, 48) and i + 4 < len(p) and p[i + 1] == 2:
            st['fg' if c == 38 else 'bg'] = '#%02x%02x%02x' % tuple(p[i + 2:i + 5])
            i += 4
        i += 1


def main():
    w, h = int(sys.argv[1]), int(sys.argv[2])
    data = sys.stdin.read()
    st = dict(fg=None, bg=None, bold=0, dim=0, ul=0, rev=0)
    grid = []
    for line in data.split('\n')[:h]:
        row = []
        for m in re.finditer(r'\x1b\[([0-9;]*)m|\x1b[^\[]|(.)', line):
            if m.group(2) is not None:
                row.append((m.group(2), dict(st)))
            elif m.group(1) is not None:
                sgr(m.group(1), st)
        grid.append(row[:w])
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d">' % (w * CW, h * CH, w * CW, h * CH),
           '<rect width="100%%" height="100%%" fill="%s"/>' % DEF_BG,
           '<g font-family="DejaVu Sans Mono, monospace" font-size="%d" '
           'xml:space="preserve">' % FS]
    for y, row in enumerate(grid):
        runs = []
        for x, (ch, s) in enumerate(row):
            fg, bg = s['fg'] or DEF_FG, s['bg'] or DEF_BG
            if s['rev']:
                fg, bg = bg, fg
            key = (fg, bg, s['bold'], s['dim'], s['ul'])
            if runs and runs[-1][0] == key and runs[-1][1] + len(runs[-1][2]) == x:
                runs[-1][2].append(ch)
            else:
                runs.append([key, x, [ch]])
        for (fg, bg, bold, dim, ul), x, chars in runs:
            if bg != DEF_BG:
                out.append('<rect x="%d" y="%d" width="%d" height="%d" '
                           'fill="%s"/>' % (x * CW, y * CH, len(chars) * CW,
                                            CH, bg))
            text = ''.join(chars)
            if not text.strip():
                continue
            attrs = ' fill="%s"' % fg
            if bold:
                attrs += ' font-weight="bold"'
            if dim:
                attrs += ' fill-opacity="0.6"'
            if ul:
                attrs += ' text-decoration="underline"'
            out.append('<text x="%d" y="%d" textLength="%d" '
                       'lengthAdjust="spacingAndGlyphs"%s>%s</text>'
                       % (x * CW, y * CH + CH - 5, len(chars) * CW, attrs,
                          escape(text)))
    out.append('</g></svg>')
    sys.stdout.write('\n'.join(out) + '\n')


main()
