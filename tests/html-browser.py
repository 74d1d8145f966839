#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# html-browser.py - open a page of `warpviz lesson NAME --html` in a real
# headless Chromium and press keys in it as a person would.  Chromium is
# driven through the DevTools protocol over --remote-debugging-pipe (file
# descriptors 3 and 4, one JSON message a NUL), so that nothing but the
# Python standard library is needed: no websocket client, no port, no
# network.  Key presses go through Input.dispatchKeyEvent, the browser's
# own input path (trusted events, default actions), and clicks through
# Input.dispatchMouseEvent at the button's place on the screen; a test
# hook in the page would only prove that the hook works.
#
# usage: html-browser.py CHROMIUM PAGE.html SCENES ASKS
# (ASKS: the scenes that ask a question, comma-separated, from 1)
# Prints TAP test points (no plan: the caller's tap.sh numbers them) as
# lines "ok|not ok TEXT"; exit 0 when it could run, 3 when the browser
# could not be driven (the caller says so and fails).
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time


class Browser:
    """A headless Chromium on a pipe: send() a method, get its result."""

    def __init__(self, exe, workdir):
        to_r, to_w = os.pipe()      # we write, Chromium reads (its fd 3)
        from_r, from_w = os.pipe()  # Chromium writes (its fd 4), we read
        # The shell puts the pipes on 3 and 4 (after Python has closed
        # every descriptor it was not told to pass).
        args = ['sh', '-c', 'exec "$0" "$@" 3<&%d 4>&%d' % (to_r, from_w),
                exe, '--headless', '--no-sandbox', '--disable-gpu',
                '--remote-debugging-pipe', '--no-first-run',
                '--no-default-browser-check', '--disable-extensions',
                '--disable-background-networking', '--disable-sync',
                '--user-data-dir=' + os.path.join(workdir, 'profile'),
                '--window-size=1400,1000', 'about:blank']

        self.proc = subprocess.Popen(args, pass_fds=(to_r, from_w),
                                     stdout=subprocess.DEVNULL,
                                     stderr=open(os.path.join(workdir,
                                                 'chromium.log'), 'w'))
        os.close(to_r)
        os.close(from_w)
        self.w, self.r = to_w, from_r
        self.buf = b''
        self.id = 0
        self.session = None

    def send(self, method, params=None, timeout=30):
        self.id += 1
        msg = {'id': self.id, 'method': method, 'params': params or {}}
        if self.session is not None:
            msg['sessionId'] = self.session
        os.write(self.w, json.dumps(msg).encode() + b'\0')
        end = time.time() + timeout
        while True:
            while b'\0' in self.buf:
                raw, self.buf = self.buf.split(b'\0', 1)
                m = json.loads(raw)
                if m.get('id') == self.id:
                    if 'error' in m:
                        raise RuntimeError('%s: %s' % (method, m['error']))
                    return m.get('result', {})
            left = end - time.time()
            if left <= 0:
                raise RuntimeError('%s: no answer in %d s' % (method,
                                                              timeout))
            ready, _, _ = select.select([self.r], [], [], left)
            if ready:
                chunk = os.read(self.r, 1 << 16)
                if not chunk:
                    raise RuntimeError('%s: the browser closed the pipe'
                                       % method)
                self.buf += chunk

    def js(self, expr):
        r = self.send('Runtime.evaluate', {'expression': expr,
                                           'returnByValue': True})
        if 'exceptionDetails' in r:
            raise RuntimeError('script %s: %s' % (expr,
                                                  r['exceptionDetails']))
        return r['result'].get('value')

    def key(self, key, code, vk):
        for t in ('rawKeyDown', 'keyUp'):
            self.send('Input.dispatchKeyEvent', {
                'type': t, 'key': key, 'code': code,
                'windowsVirtualKeyCode': vk, 'nativeVirtualKeyCode': vk})

    def click(self, element_id):
        box = self.js('(function(){var r=document.getElementById("%s")'
                      '.getBoundingClientRect();return [r.left+r.width/2,'
                      'r.top+r.height/2];})()' % element_id)
        for t in ('mousePressed', 'mouseReleased'):
            self.send('Input.dispatchMouseEvent', {
                'type': t, 'x': box[0], 'y': box[1], 'button': 'left',
                'clickCount': 1})

    def close(self):
        try:
            self.session = None
            self.send('Browser.close', timeout=5)
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# What the page shows: the ids of the scenes not hidden (as the browser
# lays them out: a hidden section has no box), and the "K/N" of the bar.
SHOWN = ('JSON.stringify({shown: Array.prototype.filter.call('
         'document.querySelectorAll("section.scene"), function (s) {'
         'return s.getClientRects().length > 0; }).map(function (s) {'
         'return s.id; }), where: document.getElementById("where")'
         '.textContent, hash: location.hash, resources: '
         'performance.getEntriesByType("resource").length})')


# Which of scene K's question frame, answer frame and button have a box
# (1) or none (0), as the browser lays them out.
ASKED = ('(function (k) { var s = document.getElementById("scene-" + k);'
         'function b(q) { var e = s.querySelector(q);'
         'return e !== null && e.getClientRects().length > 0 ? 1 : 0; }'
         'return [b("figure.frame"), b("figure.answer"), b("p.reveal")];'
         '})(%d)')


def ask_points(b, ok, page, k, scenes):
    """Scene k asks: the question first, the answer on Space, on the
    button, and on Right before moving on."""
    def where():
        return b.js('document.getElementById("where").textContent')
    b.send('Page.navigate', {'url': 'file://' + page + '#%d' % k})
    time.sleep(0.3)
    f = b.js(ASKED % k)
    ok(f == [1, 0, 1], 'scene %d asks: its question frame and the button '
       'show, the answer does not (frame, answer, button: %s)' % (k, f))
    b.key(' ', 'Space', 32)
    f = b.js(ASKED % k)
    ok(f == [0, 1, 0] and where() == '%d/%d' % (k, scenes),
       'Space shows the answer in the question\'s place, on scene %d '
       '(%s, %s)' % (k, f, where()))
    b.key('ArrowLeft', 'ArrowLeft', 37)
    b.key('ArrowRight', 'ArrowRight', 39)
    f = b.js(ASKED % k)
    ok(f == [1, 0, 1] and where() == '%d/%d' % (k, scenes),
       'back on scene %d it asks again (%s, %s)' % (k, f, where()))
    b.key('ArrowRight', 'ArrowRight', 39)
    f = b.js(ASKED % k)
    ok(f == [0, 1, 0] and where() == '%d/%d' % (k, scenes),
       'Right on a question shows its answer first, still scene %d '
       '(%s, %s)' % (k, f, where()))
    if k < scenes:
        b.key('ArrowRight', 'ArrowRight', 39)
        ok(where() == '%d/%d' % (k + 1, scenes),
           'Right again moves on to scene %d (%s)' % (k + 1, where()))
        b.key('ArrowLeft', 'ArrowLeft', 37)
    b.click('reveal-%d' % k)
    f = b.js(ASKED % k)
    ok(f == [0, 1, 0], 'a click on "show the answer" shows it (%s)' % f)


def main():
    exe, page, scenes = sys.argv[1], os.path.abspath(sys.argv[2]), \
        int(sys.argv[3])
    asks = [int(a) for a in sys.argv[4].split(',') if a != '']
    work = tempfile.mkdtemp(prefix='wv-chromium.')
    b = Browser(exe, work)
    results = []

    def ok(cond, text):
        results.append(cond)
        print('%s %s' % ('ok' if cond else 'not ok', text))

    def shown():
        return json.loads(b.js(SHOWN))

    try:
        tid = [t for t in b.send('Target.getTargets')['targetInfos']
               if t['type'] == 'page'][0]['targetId']
        b.session = b.send('Target.attachToTarget', {
            'targetId': tid, 'flatten': True})['sessionId']
        b.send('Page.enable')
        b.send('Page.navigate', {'url': 'file://' + page})
        end = time.time() + 30
        while b.js('document.readyState') != 'complete':
            if time.time() > end:
                raise RuntimeError('the page did not load in 30 s')
            time.sleep(0.1)
        s = shown()
        ok(s['shown'] == ['scene-1'] and s['where'] == '1/%d' % scenes,
           'the page loads showing scene 1 alone, "1/%d" (shows %s, %s)'
           % (scenes, s['shown'], s['where']))
        ok(s['resources'] == 0,
           'the page fetched nothing (%d resources)' % s['resources'])
        svgs = b.js('document.querySelectorAll("section.scene svg").length')
        ok(svgs == scenes + len(asks), 'one SVG frame per scene and one '
           'per answer (%s of %d)' % (svgs, scenes + len(asks)))
        b.key('ArrowRight', 'ArrowRight', 39)
        s = shown()
        ok(s['shown'] == ['scene-2'] and s['where'] == '2/%d' % scenes
           and s['hash'] == '#2',
           'the right arrow key shows scene 2 alone, "2/%d", #2 '
           '(shows %s, %s, %s)' % (scenes, s['shown'], s['where'],
                                   s['hash']))
        b.key('ArrowLeft', 'ArrowLeft', 37)
        s = shown()
        ok(s['shown'] == ['scene-1'],
           'the left arrow key goes back to scene 1 (shows %s)'
           % s['shown'])
        b.key('ArrowLeft', 'ArrowLeft', 37)
        s = shown()
        ok(s['shown'] == ['scene-1'],
           'left on scene 1 stays there (shows %s)' % s['shown'])
        b.key('End', 'End', 35)
        s = shown()
        ok(s['shown'] == ['scene-%d' % scenes],
           'End shows the last scene (shows %s)' % s['shown'])
        b.key('ArrowRight', 'ArrowRight', 39)
        s = shown()
        ok(s['shown'] == ['scene-%d' % scenes],
           'right on the last scene stays there (shows %s)' % s['shown'])
        b.click('prev')
        s = shown()
        ok(s['shown'] == ['scene-%d' % (scenes - 1)],
           'a click on "previous" shows scene %d (shows %s)'
           % (scenes - 1, s['shown']))
        b.send('Page.navigate', {'url': 'file://' + page + '#3'})
        time.sleep(0.3)
        s = shown()
        ok(s['shown'] == ['scene-3'],
           'a link to #3 shows scene 3 (shows %s)' % s['shown'])
        if asks:
            ask_points(b, ok, page, asks[0], scenes)
        # Scripting off, in a tab of its own: every scene, one under
        # the other, a question's answer under it.
        b.session = None
        tid = b.send('Target.createTarget', {'url': 'about:blank'})[
            'targetId']
        b.session = b.send('Target.attachToTarget', {
            'targetId': tid, 'flatten': True})['sessionId']
        b.send('Emulation.setScriptExecutionDisabled', {'value': True})
        b.send('Page.enable')
        b.send('Page.navigate', {'url': 'file://' + page})
        end = time.time() + 30
        while b.js('document.readyState') != 'complete':
            if time.time() > end:
                raise RuntimeError('the page did not load in 30 s')
            time.sleep(0.1)
        s = shown()
        if asks:
            f = b.js(ASKED % asks[0])
            ok(f == [1, 1, 0], 'with scripting off scene %d shows its '
               'question and its answer, and no button (frame, answer, '
               'button: %s)' % (asks[0], f))
        ok(len(s['shown']) == scenes and s['where'] == '%d scenes' % scenes,
           'with scripting off all %d scenes show, the bar says "%d '
           'scenes" (%d shown, "%s")' % (scenes, scenes, len(s['shown']),
                                          s['where']))
    except (RuntimeError, OSError, IndexError, KeyError, ValueError) as e:
        print('# the browser could not be driven: %s' % e)
        try:
            with open(os.path.join(work, 'chromium.log')) as f:
                for line in f.read().splitlines()[-10:]:
                    print('# ' + line)
        except OSError:
            pass
        b.close()
        shutil.rmtree(work, ignore_errors=True)
        return 3
    b.close()
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
