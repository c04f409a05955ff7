#!/usr/bin/env python3
"""The web page in a real browser: headless Chromium driven by Selenium, against the real
bigtwo-server on a loopback port, as friends at a game night use it.

Run from the package root after `swift build` (see README.md, "The browser suite"):

    SE_OFFLINE=true python3 Tests/BrowserTests/browser_suite.py [--server PATH] [--shots DIR]

Each test drives the page through its test hooks (docs/web-client.md) as a person would:
taps, not scripts. Every page is checked for console errors and for being wider than its
window; phone-sized screenshots are saved for review. The last line says how many tests
passed and failed; the exit status is 0 only when all passed.
"""

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback

os.environ.setdefault('SE_OFFLINE', 'true')  # never download a driver: use Debian's

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

PHONE = {'width': 390, 'height': 844, 'pixelRatio': 3, 'touch': True}
SMALL_PHONE = {'width': 360, 'height': 640, 'pixelRatio': 3, 'touch': True}
DESKTOP = (1280, 900)
KIND_NAMES = {'bigtwo': 'Big Two', 'ecard': 'E-Card', 'tictactoe': 'Tic-tac-toe',
              'memory': 'Memory', 'roulette': 'Roulette'}
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# The controls on screen smaller than a fingertip (44 CSS px either way), as
# "tag#id.class 'text' W×H". Controls not shown (a closed dialog, a hidden screen) have no box.
TOUCH_TARGETS_SCRIPT = r"""
const controls = 'button, select, input:not([type=hidden]), textarea, summary, a[href], [role=button]';
const small = [];
for (const control of document.querySelectorAll(controls)) {
  const target = control.matches('input[type=checkbox], input[type=radio]')
    ? control.closest('label') || control : control;
  const box = target.getBoundingClientRect();
  if (!box.width || !box.height || getComputedStyle(target).visibility === 'hidden') continue;
  if (Math.round(box.width) >= 44 && Math.round(box.height) >= 44) continue;
  const name = target.tagName.toLowerCase() + (target.id ? '#' + target.id : '')
    + [...target.classList].map((c) => '.' + c).join('');
  small.push(`${name} '${target.textContent.trim().slice(0, 20)}' ${Math.round(box.width)}×${Math.round(box.height)}`);
}
return small;
"""


# The elements shown that reach past the window's left or right edge (outside a box that
# scrolls or clips them), as "tag.class 'text' left–right".
OUTSIDE_SCRIPT = r"""
const width = document.documentElement.clientWidth;
const out = [];
const clipped = (element) => {
  for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
    if (getComputedStyle(up).overflowX !== 'visible') return true;
  }
  return false;
};
for (const element of document.body.querySelectorAll('*')) {
  const box = element.getBoundingClientRect();
  if (!box.width || !box.height) continue;
  if (box.left >= -1 && box.right <= width + 1) continue;
  if (clipped(element)) continue;
  out.push(`${element.tagName.toLowerCase()}${[...element.classList].map((c) => '.' + c).join('')} `
    + `'${element.textContent.trim().slice(0, 20)}' ${Math.round(box.left)}–${Math.round(box.right)}`);
}
return out.slice(0, 10);
"""


# Watches the Big Two table through every render: the last-card banner is shown exactly while
# a seat holds one card and names the others so placed; the play to beat is shown at the seat
# that made it, whose name the centre gives. Findings go to window.__tableWatch.
TABLE_WATCH_SCRIPT = r"""
if (window.__tableWatch) return;
const log = window.__tableWatch = { renders: 0, lastCard: 0, seatPlays: 0, wrong: [] };
const look = () => {
  if (!document.querySelector('[data-testid=status]') || document.querySelector('[data-testid=deal-end]')) return;
  const seats = [...document.querySelectorAll('[data-testid=seat], [data-testid=my-seat]')]
    .filter((seat) => seat.querySelector('.count'));
  if (!seats.length) return;
  log.renders++;
  const ones = seats.filter((seat) => parseInt(seat.querySelector('.count').textContent.trim(), 10) === 1);
  const banner = document.querySelector('[data-testid=last-card]');
  if (ones.length) log.lastCard++;
  const wrong = (what) => { if (log.wrong.length < 20) log.wrong.push(what); };
  if (!!banner !== (ones.length > 0)) {
    wrong(`banner ${banner ? 'shown' : 'missing'} with ${ones.length} seats at one card`);
  }
  for (const seat of ones) {
    const name = seat.querySelector('.seat-name')?.textContent;
    if (banner && seat.dataset.testid === 'seat' && !banner.textContent.includes(name)) {
      wrong(`the banner '${banner.textContent}' does not name ${name}`);
    }
  }
  const play = document.querySelector('[data-testid=table-play]');
  if (play) {
    log.seatPlays++;
    const seat = document.querySelector(`[data-testid=seat][data-seat="${play.dataset.seat}"], `
      + `[data-testid=my-seat][data-seat="${play.dataset.seat}"]`);
    const shown = seat && seat.querySelector('[data-testid=seat-play]');
    if (!shown || shown.dataset.cards !== play.dataset.cards) {
      wrong(`seat ${play.dataset.seat} shows ${shown ? shown.dataset.cards : 'nothing'}, not ${play.dataset.cards}`);
    }
    const caption = play.querySelector('.centre-caption')?.textContent || '';
    const name = seat && seat.dataset.testid === 'my-seat' ? 'you'
      : seat?.querySelector('.seat-name')?.textContent;
    if (!name || !caption.endsWith(' · ' + name)) wrong(`the centre '${caption}' does not name ${name}`);
  }
};
new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
look();
"""


# Makes the page believe its tab is hidden or shown, as a phone does when its screen goes off
# or another app comes to the front, and tells it so with the event browsers send.
VISIBILITY_SCRIPT = r"""
if (!('__visibility' in window)) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => window.__visibility });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.__visibility === 'hidden' });
}
window.__visibility = arguments[0];
document.dispatchEvent(new Event('visibilitychange'));
"""


class Failure(AssertionError):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def release(*steps):
    """Runs every clean-up step even when one fails (a page whose check fails must not leave
    its server running), then raises the first failure."""
    first = None
    for step in steps:
        try:
            step()
        except Exception as error:  # noqa: BLE001 - re-raised below, after the other steps
            first = first or error
    if first is not None:
        raise first


def luminance(colour):
    """The relative brightness of a CSS `rgb(…)` or `rgba(…)` colour, 0 to 1."""
    red, green, blue = [float(part) for part in re.findall(r'[\d.]+', colour)[:3]]
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def free_port():
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return probe.getsockname()[1]


class Server:
    """bigtwo-server on 127.0.0.1 and a free port, with its own data directory."""

    def __init__(self, binary, data=None, port=None, bot_delay_ms=60, extra=()):
        self.binary = binary
        self.port = port or free_port()
        self.data = data or tempfile.mkdtemp(prefix='bigtwo-browser-')
        self.bot_delay_ms = bot_delay_ms
        self.extra = list(extra)
        self.process = None
        self.start()

    def start(self):
        self.log = open(os.path.join(self.data, 'server.log'), 'ab')
        self.process = subprocess.Popen(
            [self.binary, '--host', '127.0.0.1', '--port', str(self.port), '--data-dir', self.data,
             '--bot-delay-ms', str(self.bot_delay_ms), '--pause-seconds', '10'] + self.extra,
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(('127.0.0.1', self.port), timeout=1) as probe:
                    probe.sendall(b'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
                    if b' 200 ' in probe.recv(200):
                        return
            except OSError:
                time.sleep(0.05)
        raise Failure(f'the server did not serve /health on port {self.port}')

    @property
    def url(self):
        return f'http://127.0.0.1:{self.port}/'

    def stop(self, sig=signal.SIGTERM):
        if self.process and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def remove(self):
        if os.environ.get('BROWSER_KEEP'):
            print(f'kept {self.data}')
            return
        shutil.rmtree(self.data, ignore_errors=True)


class SleepyLink:
    """A TCP relay between the browser and the server that can lose its Wi-Fi the way a
    phone does when it sleeps: the connections it carries stay open, with no FIN either way,
    but carry nothing more. Connections made after that are carried as usual."""

    def __init__(self, target_port):
        self.target_port = target_port
        self.listener = socket.create_server(('127.0.0.1', 0))
        self.port = self.listener.getsockname()[1]
        self.links = []
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            try:
                near, _ = self.listener.accept()
                far = socket.create_connection(('127.0.0.1', self.target_port))
            except OSError:
                return
            link = {'lost': False, 'sockets': (near, far), 'websocket': False}
            with self.lock:
                self.links.append(link)
            threading.Thread(target=self.pump, args=(near, far, link, True), daemon=True).start()
            threading.Thread(target=self.pump, args=(far, near, link), daemon=True).start()

    @staticmethod
    def pump(source, sink, link, from_browser=False):
        try:
            first = True
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if first and from_browser and data.startswith(b'GET /ws '):
                    link['websocket'] = True
                first = False
                if not link['lost']:
                    sink.sendall(data)
        except OSError:
            pass
        if not link['lost']:  # a lost link tells the other end nothing, not even its end
            try:
                sink.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    def websockets(self):
        """How many of the connections carried were WebSockets (the page's own; the others
        fetched files)."""
        with self.lock:
            return sum(1 for link in self.links if link['websocket'])

    def lose_everything_open(self):
        with self.lock:
            for link in self.links:
                link['lost'] = True

    def close(self):
        self.listener.close()
        with self.lock:
            for link in self.links:
                for end in link['sockets']:
                    end.close()


class LineClient:
    """A person at `nc`: plain commands in, text lines out."""

    def __init__(self, port):
        self.socket = socket.create_connection(('127.0.0.1', port), timeout=30)
        self.buffer = b''
        self.lines = []

    def send(self, line):
        self.socket.sendall(line.encode() + b'\n')

    def read_line(self, timeout=30):
        self.socket.settimeout(timeout)
        while b'\n' not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise Failure('the server closed the nc connection')
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b'\n', 1)
        # Text mode ends each burst with a prompt (`cy> `, `your turn 23s> `) that the next
        # line erases first (carriage return, clear to the end of the line): keep the line.
        text = re.sub(r'^.*\r\x1b\[K', '', line.decode()).rstrip('\r')
        self.lines.append(text)
        return text

    def read_until(self, predicate, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            line = self.read_line(timeout=max(0.1, deadline - time.time()))
            if predicate(line):
                return line
        raise Failure('the nc client waited in vain')

    def close(self):
        self.socket.close()


class Page:
    """One browser: a phone (390×844 or 360×640, touch) or a desktop window."""

    def __init__(self, suite, name, phone=True, metrics=PHONE):
        self.suite = suite
        self.name = name
        self.phone = phone
        self.metrics = metrics
        options = webdriver.ChromeOptions()
        for flag in ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu',
                     '--lang=en-GB']:
            options.add_argument(flag)
        if phone:
            options.add_experimental_option('mobileEmulation', {'deviceMetrics': metrics})
        else:
            options.add_argument(f'--window-size={DESKTOP[0]},{DESKTOP[1]}')
        options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        service = Service(shutil.which('chromedriver') or '/usr/bin/chromedriver')
        self.driver = webdriver.Chrome(service=service, options=options)
        self.console = []
        self.allowed = []
        self.hints = {'play': 0, 'pass': 0}
        self.clock_checked = False

    # -- finding and tapping -----------------------------------------------------------------

    def all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def one(self, selector, timeout=20):
        return self.wait(lambda: (self.all(selector) or [None])[0], timeout, f'no {selector}')

    def wait(self, condition, timeout=20, what='a condition'):
        def probe(_):
            try:
                return condition()
            except StaleElementReferenceException:
                return False
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(probe)
        except TimeoutException:
            self.shot(f'timeout-{self.name}')
            raise Failure(f'{self.name}: waited {timeout} s for {what}')

    def tap(self, selector, timeout=20):
        """Taps the first enabled element the selector finds, as a finger would."""
        def target():
            for element in self.all(selector):
                if element.is_displayed() and element.is_enabled():
                    return element
            return None
        for _ in range(5):
            element = self.wait(target, timeout, f'an enabled {selector}')
            # The top bar stays on screen: bring the target to the middle first.
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            try:
                element.click()
                return
            except StaleElementReferenceException:
                continue
        raise Failure(f'{self.name}: {selector} kept changing under the tap')

    def enabled(self, selector):
        return [element for element in self.all(selector)
                if element.is_displayed() and element.is_enabled()]

    def tap_enabled(self, selector):
        """Taps the first enabled match; returns a selector naming that very element."""
        element = self.enabled(selector)[0]
        names = {name: element.get_attribute(name) for name in
                 ['data-card', 'data-cell', 'data-segment'] if element.get_attribute(name)}
        exact = selector + ''.join(f'[{name}="{value}"]' for name, value in names.items())
        self.tap(exact)
        return exact

    def is_enabled(self, selector):
        return bool(self.enabled(selector))

    def allow_console(self, pattern):
        """Console lines the test expects (a refused connection while the server is down)."""
        self.allowed.append(re.compile(pattern))

    def text(self, selector):
        return self.one(selector).get_attribute('textContent')

    def attr(self, selector, name):
        elements = self.all(selector)
        return elements[0].get_attribute(name) if elements else None

    # -- checks every test makes ---------------------------------------------------------------

    def check_width(self, where):
        # A phone widens its layout to fit a page too wide, so innerWidth alone proves
        # nothing there: compare with the phone's own width.
        widths = self.driver.execute_script(
            'return [document.documentElement.scrollWidth, window.innerWidth]')
        window = self.metrics['width'] if self.phone else widths[1]
        check(widths[0] <= window and widths[1] <= window, f'{self.name}: the page is '
              f'{widths[0]} px wide ({widths[1]} px laid out) on a {window} px screen at {where}')
        # The page hides what would make it scroll sideways: nothing shown may stick out.
        outside = self.driver.execute_script(OUTSIDE_SCRIPT)
        check(not outside, f'{self.name}: cut off at the window\'s edge at {where}: {outside}')

    def check_whole(self, selector, where):
        """The element's text is shown whole: not cut off, not ended with an ellipsis."""
        widths = self.driver.execute_script(
            'const e = document.querySelector(arguments[0]); return [e.scrollWidth, e.clientWidth]',
            selector)
        check(widths[0] <= widths[1], f'{self.name}: {selector} is cut off at {where} '
              f'({widths[0]} px of text in {widths[1]} px): {self.text(selector)!r}')

    def check_touch_targets(self, where):
        """Everything a finger can tap is at least 44 by 44 CSS pixels (a checkbox counts
        with its label, which takes the tap too)."""
        small = self.driver.execute_script(TOUCH_TARGETS_SCRIPT)
        check(not small, f'{self.name}: touch targets under 44 px at {where}: {small}')

    def collect_console(self):
        for entry in self.driver.get_log('browser'):
            self.console.append(entry)

    def shot(self, label):
        self.collect_console()
        path = os.path.join(self.suite.shots, f'{label}.png')
        self.driver.save_screenshot(path)
        self.suite.screenshots.append(path)
        return path

    def look(self, label):
        """A screenshot for review, after checking the page's width and its touch targets."""
        self.check_width(label)
        self.check_touch_targets(label)
        return self.shot(label)

    def close(self):
        # Nothing comes from anywhere but the server (a LAN night may have no internet).
        try:
            origin, loaded = self.driver.execute_script(
                'return [location.origin, performance.getEntriesByType("resource")'
                '.map((entry) => entry.name)]')
        except Exception:  # a page that is not open has nothing to check
            origin, loaded = '', []
        outside = [url for url in loaded if not url.startswith(origin + '/')]
        self.collect_console()
        errors = [entry for entry in self.console if entry.get('level') == 'SEVERE'
                  and not any(pattern.search(entry.get('message', '')) for pattern in self.allowed)]
        self.driver.quit()
        check(not errors, f'{self.name}: console errors: {errors}')
        check(not outside, f'{self.name}: loaded from outside the server: {outside}')

    # -- what a person does ----------------------------------------------------------------------

    def open(self, url):
        self.driver.get(url)

    def enter(self, person):
        self.tap('[data-testid=name]')
        self.one('[data-testid=name]').send_keys(person)
        self.tap('[data-testid=enter]')
        self.wait(lambda: self.all('[data-testid=create-submit]') and
                  self.one('[data-testid=create-submit]').is_displayed(), 20, 'the lobby')

    def create(self, kind='bigtwo', settings=None, name=None):
        Select(self.one('[data-testid=create-kind]')).select_by_value(kind)
        if name:
            field = self.one('#create-name')
            field.clear()
            field.send_keys(name)
        if settings:
            details = self.one('details.settings')
            if not details.get_attribute('open'):
                self.tap('details.settings summary')
            for field_name, value in settings.items():
                field = self.one(f'[name="{field_name}"]')
                if field.tag_name == 'select':
                    Select(field).select_by_value(str(value))
                else:
                    field.clear()
                    field.send_keys(str(value))
        self.tap('[data-testid=create-submit]')
        self.one('[data-testid=start]')

    def my_turn(self):
        return bool(self.all('[data-testid=status][data-my-turn=true]'))

    def hand(self):
        return [element.get_attribute('data-card') for element in
                self.all('[data-testid=hand] [data-card]')]

    def try_play(self, cards):
        """Selects the cards by tapping them; plays them if the page offers Play."""
        for card in cards:
            self.tap(f'[data-testid=hand] [data-card="{card}"]', 5)
        if self.all('[data-testid=play]') and self.one('[data-testid=play]').is_enabled():
            self.tap('[data-testid=play]')
            return True
        for card in cards:
            self.tap(f'[data-testid=hand] [data-card="{card}"]', 5)
        return False

    def moves_seen(self):
        """The deal and the plays and passes the page has seen in it."""
        return (self.attr('[data-testid=status]', 'data-deal'),
                self.attr('[data-testid=status]', 'data-moves'))

    def take_big_two_turn(self, hint=False):
        """One Big Two turn by tapping: the lowest card first when leading, else the lowest
        single or pair that the Play button accepts, else Pass (or, with `hint`, what the Hint
        button offers); returns once the page shows the move made."""
        before = self.moves_seen()
        made = self.hinted_move() if hint else self.choose_big_two_move()
        self.wait(lambda: self.all('[data-testid=deal-end]') or self.moves_seen() != before,
                  30, 'the move to be taken')
        return made

    def hinted_move(self):
        """Taps Hint: it selects the weakest legal play, which the page names and Play takes,
        or says to pass when nothing beats the table and passing is allowed."""
        self.tap('[data-testid=hint]')
        self.wait(lambda: (self.all('[data-testid=hand] [aria-pressed=true]')
                           and self.is_enabled('[data-testid=play]'))
                  or 'Nothing beats it' in self.text('[data-testid=combo]'), 10, 'the hint')
        if self.all('[data-testid=hand] [aria-pressed=true]'):
            check(self.text('[data-testid=combo]').strip(), 'the hinted play is named')
            if not self.hints['play']:
                self.look('phone-06-hint')
            self.hints['play'] += 1
            self.tap('[data-testid=play]')
            return 'play'
        check(self.attr('[data-testid=status]', 'data-can-pass') == 'true',
              'a hint says to pass only when passing is allowed')
        self.hints['pass'] += 1
        self.tap('[data-testid=pass]')
        return 'pass'

    def choose_big_two_move(self):
        hand = self.hand()
        can_pass = self.attr('[data-testid=status]', 'data-can-pass') == 'true'
        if not can_pass:
            for card in ['3D', '3C'] + hand:
                if card in hand and self.try_play([card]):
                    return 'play'
        for card in hand:
            if self.try_play([card]):
                return 'play'
        for first, second in zip(hand, hand[1:]):
            if first[0] == second[0] and self.try_play([first, second]):
                return 'play'
        self.tap('[data-testid=pass]')
        return 'pass'

    def into_a_deal(self, url, person, turns):
        """Opens the page, sits at a new Big Two table against bots, starts it and takes a few
        turns; returns the hand then held."""
        self.open(url)
        self.enter(person)
        self.create()
        self.tap('[data-testid=start]')
        for _ in range(turns):
            self.wait(self.my_turn, 60, 'a turn')
            self.take_big_two_turn()
        return self.hand()

    def replay_latest(self, kind, shot=None):
        """From the lobby: History, the latest finished game of this kind replayed to its
        last move by tapping ▶; returns the (first, last) step lines shown."""
        self.tap('[data-testid=tab-history]')
        self.wait(lambda: self.all('[data-testid=history] li'), 20, 'the history')
        # A game played out, not one cut off when its table closed ("abandoned after…").
        rows = [row for row in self.all('[data-testid=history] li')
                if f'>{KIND_NAMES[kind]}<' in row.get_attribute('innerHTML')
                and 'abandoned' not in row.get_attribute('textContent')]
        check(rows, f'{self.name}: a finished {kind} game in the history')
        record = rows[0].find_element(By.CSS_SELECTOR, '[data-testid=replay]').get_attribute(
            'data-record')
        self.tap(f'[data-testid=replay][data-record="{record}"]')
        self.one('[data-testid=replay-view]')
        first = self.text('[data-testid=replay-step]')
        check(first.startswith('0 / '), f'{self.name}: the replay starts at step 0: {first!r}')
        if kind == 'bigtwo':
            hands = [len(seat.find_elements(By.CSS_SELECTOR, '[data-card]'))
                     for seat in self.all('[data-testid=replay-view] .replay-seat')]
            check(hands == [13, 13, 13, 13], f'{self.name}: the replay starts with the hands '
                  f'dealt, four of thirteen: {hands}')
        if shot:
            self.look(shot)
        steps = int(first.split(' / ')[1].split(' ')[0])
        check(steps > 0, f'{self.name}: the {kind} replay has moves')
        for step in range(1, steps + 1):
            self.tap('[data-testid=replay-next]')
            self.wait(lambda: self.text('[data-testid=replay-step]').startswith(f'{step} / '), 10,
                      f'replay step {step}')
        check(not self.is_enabled('[data-testid=replay-next]'), 'the last step ends the replay')
        last = self.text('[data-testid=replay-step]')
        if self.all('[data-testid=replay-view] [data-testid=verified]'):
            check(self.attr('[data-testid=replay-view] [data-testid=verified]', 'data-verified')
                  == 'true', f'{self.name}: the replayed {kind} game is verified')
        if shot:
            self.look(shot + '-end')
        return first, last

    def play_big_two_deal(self, shots=None, limit=400, hints=False):
        """Plays until the deal-end panel shows; screenshots at the given move numbers. With
        `hints` every turn is what the Hint button offers."""
        moves = 0
        shots = shots or {}
        while moves < limit:
            self.watch_table()  # again after a reload: the page's window is new
            self.wait(lambda: self.all('[data-testid=deal-end]') or self.my_turn(), 120,
                      'my turn or the deal end')
            if self.all('[data-testid=deal-end]'):
                self.check_table_watch()
                return moves
            if moves in shots:
                self.look(shots[moves])
            if not self.clock_checked:
                self.check_turn_clock()
            self.take_big_two_turn(hint=hints)
            moves += 1
        raise Failure(f'{self.name}: the deal did not end in {limit} moves')

    def finish_resumed_deal(self, held, shot, after):
        """The seat resumed holds the cards held before (fewer, if a bot played meanwhile);
        the deal is played to its end and verified."""
        check(set(self.hand()) <= set(held), 'the resumed hand is the hand held')
        self.look(shot)
        self.play_big_two_deal()
        check(self.attr('[data-testid=verified]', 'data-verified') == 'true',
              f'the deal finished after {after} is verified')

    def watch_table(self):
        self.driver.execute_script(TABLE_WATCH_SCRIPT)

    def check_table_watch(self):
        """What the table watch found: nothing wrong; counts added to the suite's."""
        log = self.driver.execute_script('return window.__tableWatch || null')
        if not log:
            return
        check(not log['wrong'], f'{self.name}: the table showed {log["wrong"]}')
        for key in ('renders', 'lastCard', 'seatPlays'):
            self.suite.watched[key] += log[key]
        self.driver.execute_script('window.__tableWatch = null')

    def check_turn_clock(self):
        """At my turn the status line counts down the seconds to the turn's deadline."""
        first = int(self.attr('[data-testid=turn-clock]', 'data-seconds') or -1)
        check(0 < first <= 60, f'{self.name}: a turn clock within the 60 s turn: {first}')
        check(re.fullmatch(r'\d+ s|\d+:\d\d', self.text('[data-testid=turn-clock]').strip() or 'x'),
              f'{self.name}: the clock is shown as seconds: {self.text("[data-testid=turn-clock]")!r}')
        self.wait(lambda: 0 < int(self.attr('[data-testid=turn-clock]', 'data-seconds') or first)
                  < first, 5, 'the turn clock to count down')
        self.clock_checked = True

    def hide(self, hidden=True):
        self.driver.execute_script(VISIBILITY_SCRIPT, 'hidden' if hidden else 'visible')


class Suite:
    def __init__(self, binary, shots):
        self.binary = binary
        self.shots = shots
        os.makedirs(shots, exist_ok=True)
        self.screenshots = []
        self.figures = {}
        self.results = []
        self.watched = {'renders': 0, 'lastCard': 0, 'seatPlays': 0}

    # -- the tests ---------------------------------------------------------------------------

    def test_whole_deal_by_tapping(self):
        """A person plays a whole Big Two deal against three bots by tapping cards."""
        server = Server(self.binary)
        page = Page(self, 'ann')
        try:
            started = time.perf_counter()
            page.open(server.url)
            page.one('[data-testid=name]')
            loaded = time.perf_counter()
            page.look('phone-01-name')
            page.enter('ann')
            page.look('phone-02-lobby')
            page.create()
            page.look('phone-03-waiting')
            page.tap('[data-testid=start]')
            page.wait(lambda: len(page.hand()) == 13, 30, 'a dealt hand')
            dealt = time.perf_counter()
            self.figures['GET / to the name field (s)'] = round(loaded - started, 3)
            self.figures['the page, its document and every file it loaded (bytes)'] = \
                page.driver.execute_script(
                    'return performance.getEntriesByType("navigation")'
                    '.concat(performance.getEntriesByType("resource"))'
                    '.reduce((sum, entry) => sum + entry.decodedBodySize, 0)')
            self.figures['GET / to a dealt hand, through name, create and start (s)'] = round(
                dealt - started, 3)
            page.look('phone-04-dealt')
            # A reload (a phone coming back) resumes the seat with the kept token.
            reloaded = time.perf_counter()
            page.driver.refresh()
            # A bot plays the seat while its person is away, so the hand may be smaller now.
            page.wait(lambda: page.hand() and page.all('[data-testid=status]'), 30,
                      'the hand after a reload')
            self.figures['GET / to the dealt hand on a reload, the seat resumed (s)'] = round(
                time.perf_counter() - reloaded, 3)
            # The combination is named as cards are selected.
            card = page.hand()[-1]  # the strongest: a bot playing the seat would keep it
            page.tap(f'[data-testid=hand] [data-card="{card}"]')
            page.wait(lambda: page.text('[data-testid=combo]').startswith('single'), 10,
                      'the selected card named a single')
            page.look('phone-05-selected')
            page.tap(f'[data-testid=hand] [data-card="{card}"]')
            ranks = '3456789TJQKA2'
            by_rank = page.hand()
            check([ranks.index(card[0]) for card in by_rank] ==
                  sorted(ranks.index(card[0]) for card in by_rank),
                  f'the hand is sorted by rank: {by_rank}')
            page.tap('[data-testid=sort]')
            page.wait(lambda: page.hand() != by_rank or len({c[1] for c in by_rank}) == 1, 10,
                      'the hand sorted by suit')
            by_suit = page.hand()
            runs = [suit for i, suit in enumerate(c[1] for c in by_suit)
                    if i == 0 or by_suit[i - 1][1] != suit]
            check(sorted(by_suit) == sorted(by_rank) and len(runs) == len(set(runs)),
                  f'by suit, each suit is together: {by_suit}')
            page.look('phone-06-by-suit')
            page.tap('[data-testid=sort]')
            page.wait(lambda: page.hand() == by_rank, 10, 'the hand sorted by rank again')
            # Four-colour suits, from the settings: diamonds blue and clubs green.
            page.tap('[data-testid=settings]')
            page.tap('#settings-dialog input[name=fourColour]')
            page.tap('#settings-dialog button.primary')
            page.wait(lambda: all('blue' in card.get_attribute('class').split() for card in
                                  page.all('[data-testid=hand] [data-card$=D]'))
                      and all('green' in card.get_attribute('class').split() for card in
                              page.all('[data-testid=hand] [data-card$=C]')), 10,
                      'diamonds blue and clubs green')
            page.look('phone-06-four-colour')
            page.tap('[data-testid=settings]')
            page.tap('#settings-dialog input[name=fourColour]')
            page.tap('#settings-dialog button.primary')
            moves = page.play_big_two_deal(shots={2: 'phone-07-midgame', 6: 'phone-08-later'},
                                           hints=True)
            check(moves > 0, 'the person made moves')
            check(page.hints['play'] + page.hints['pass'] == moves,
                  f'every turn was taken by the hint: {page.hints} in {moves} moves')
            check(page.attr('[data-testid=verified]', 'data-verified') == 'true',
                  'the deal-end panel says the deal was verified')
            check('went out' in page.text('[data-testid=deal-end]'), 'the winner is named')
            page.look('phone-09-deal-end-light')
            # Dark mode follows the system's setting: a dark page with light text.
            colours = ('return [document.body, document.querySelector("[data-testid=deal-end]")]'
                       '.map((e) => getComputedStyle(e)).map((s) => [s.backgroundColor, s.color])')
            light = page.driver.execute_script(colours)
            check(all(luminance(background) > luminance(text) for background, text in light),
                  f'light mode is dark text on a light ground: {light}')
            page.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {
                'features': [{'name': 'prefers-color-scheme', 'value': 'dark'}]})
            page.wait(lambda: page.driver.execute_script(colours) != light, 10, 'dark colours')
            dark = page.driver.execute_script(colours)
            check(all(luminance(background) < luminance(text) for background, text in dark),
                  f'dark mode is light text on a dark ground: {dark}')
            page.look('phone-09-deal-end-dark')
            page.driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': []})
            page.tap('[data-testid=ready]')
            page.wait(lambda: len(page.hand()) == 13 and not page.all('[data-testid=deal-end]'),
                      30, 'the next deal after ready')
            page.look('phone-10-next-deal')
            # The last-card banner is checked through every render of every deal played; a
            # deal where nobody came down to one card is followed by another.
            for _ in range(5):
                if self.watched['lastCard']:
                    break
                page.play_big_two_deal()
                page.tap('[data-testid=ready]')
                page.wait(lambda: len(page.hand()) == 13
                          and not page.all('[data-testid=deal-end]'), 30, 'one more deal')
            check(self.watched['lastCard'] > 0, 'a seat came down to one card, with the banner')
            check(self.watched['seatPlays'] > 0, 'plays were shown at their seats')
            # The finished deal replays from History: four hands of thirteen, then each move.
            page.tap('[data-testid=leave]')
            page.one('[data-testid=create-submit]')
            first, last = page.replay_latest('bigtwo', shot='phone-13-replay')
            hands = [len(seat.find_elements(By.CSS_SELECTOR, '[data-card]'))
                     for seat in page.all('[data-testid=replay-view] .replay-seat')]
            check(hands.count(0) == 1, f'the replay ends with one seat out of cards: {hands}')
        finally:
            release(page.close, server.stop, server.remove)

    def test_two_browsers_and_nc_at_one_table(self):
        """Two browsers (a phone and a desktop) and one nc client play a deal at one table."""
        server = Server(self.binary)
        ann = Page(self, 'ann')
        bob = Page(self, 'bob', phone=False)
        nc = LineClient(server.port)
        try:
            ann.open(server.url)
            ann.enter('ann')
            ann.create(name='night')
            bob.open(server.url)
            bob.enter('bob')
            bob.wait(lambda: bob.all('[data-testid=table-row] [data-testid=join]'), 20,
                     'the table in the list')
            bob.tap('[data-testid=table-row] [data-testid=join]')
            bob.one('[data-testid=hand], [data-testid=start]')
            nc.send('hello cy')  # at once: see the lobby test
            nc.read_until(lambda line: line.startswith('welcome'))
            nc.send('join 1')
            nc.read_until(lambda line: 'table 1' in line)
            ann.wait(lambda: 'cy' in ann.text('.seats'), 20, 'cy at the table')
            ann.look('phone-11-three-people-waiting')
            ann.tap('[data-testid=start]')
            done = {'nc': False}
            pages = [ann, bob]
            deadline = time.time() + 240
            while time.time() < deadline:
                for page in pages:
                    if page.my_turn() and not page.all('[data-testid=deal-end]'):
                        page.take_big_two_turn()
                if not done['nc']:
                    done['nc'] = self.nc_moves(nc)
                if done['nc'] and all(page.all('[data-testid=deal-end]') for page in pages):
                    break
            else:
                raise Failure('the three-person deal did not end')
            for page in pages:
                check(page.attr('[data-testid=verified]', 'data-verified') == 'true',
                      f'{page.name} verified the deal')
            ann.look('phone-12-three-people-deal-end')
            bob.check_width('desktop deal end')
            bob.shot('desktop-01-three-people-deal-end')
        finally:
            release(nc.close, ann.close, bob.close, server.stop, server.remove)

    @staticmethod
    def nc_moves(nc):
        """Reads what has come to the nc client and answers its turns; True at the deal end."""
        nc.socket.settimeout(0.05)
        try:
            while True:
                line = nc.read_line(timeout=0.05)
                if ' went out' in line or line.startswith('deal over'):
                    return True
                # "your turn: lead, including 3♦ · you hold …", "your turn (60 s): beat …"
                turn = re.match(r'your turn[^:]*: (\w+)', line)
                if turn and turn.group(1) == 'lead':
                    found = re.search(r'including (\S+)', line)
                    held = line.split('you hold ', 1)[1].split()
                    nc.send('play ' + (found.group(1) if found else held[0]).replace('10', 'T'))
                elif turn:
                    nc.send('pass')
        except (socket.timeout, TimeoutError, BlockingIOError):
            return False

    def test_one_game_of_each_other_kind(self):
        """E-Card, tic-tac-toe, memory and roulette: one game each, to its result, on the
        smallest phone the page is made for (360×640)."""
        server = Server(self.binary, bot_delay_ms=30)
        try:
            kinds = {
                'ecard': ({'games': 1, 'ecard.hands_per_match': 2}, '[data-testid=ecard-card]'),
                'tictactoe': ({'games': 1}, '[data-testid=cell]'),
                'memory': ({'games': 1, 'pairs': 4}, '[data-testid=memory-card]'),
                'roulette': ({'games': 1, 'segments': 8, 'seats': 2}, '[data-testid=segment]'),
            }
            for number, (kind, (settings, control)) in enumerate(kinds.items()):
                page = Page(self, kind, metrics=SMALL_PHONE)
                try:
                    page.open(server.url)
                    page.enter(f'{kind[:6]}fan')
                    page.create(kind, settings)
                    page.tap('[data-testid=start]')
                    moves = 0
                    while moves < 200:
                        page.wait(lambda: page.all('[data-testid=game-over]') or page.enabled(
                            control), 60, f'a {kind} move or the end')
                        if page.all('[data-testid=game-over]'):
                            break
                        if moves == 1:
                            page.look(f'phone-{20 + 2 * number}-{kind}')
                        before = page.moves_seen()
                        page.tap_enabled(control)
                        if kind == 'roulette':
                            page.tap('[data-testid=bet]')
                        moves += 1
                        page.wait(lambda: page.all('[data-testid=game-over]')
                                  or page.moves_seen() != before, 30, f'the {kind} move')
                    check(page.all('[data-testid=game-over]'), f'{kind}: the game ended')
                    page.look(f'phone-{21 + 2 * number}-{kind}-over')
                    if kind in ('memory', 'roulette'):
                        check(page.attr('[data-testid=verified]', 'data-verified') == 'true',
                              f'{kind}: verified against its seed')
                    page.tap('[data-testid=back-to-lobby]')
                    page.one('[data-testid=match-result]')
                    page.replay_latest(kind, shot='phone-28-memory-replay'
                                       if kind == 'memory' else None)
                    page.tap('[data-testid=replay-close]')
                    # The leaderboard of this kind counts the game just played.
                    page.tap('[data-testid=tab-leaderboard]')
                    Select(page.one('[data-testid=leaderboard-kind]')).select_by_value(kind)
                    page.wait(lambda: page.all('[data-testid=leaderboard]') and
                              f'{kind[:6]}fan' in page.text('[data-testid=leaderboard]'), 20,
                              f'the {kind} leaderboard with its player')
                finally:
                    page.close()
        finally:
            release(server.stop, server.remove)

    def test_server_restart_mid_deal(self):
        """The server restarts during a deal: the page resumes the seat and finishes it."""
        server = Server(self.binary)
        page = Page(self, 'dana')
        try:
            held = page.into_a_deal(server.url, 'dana', turns=3)
            # While the server is down the page's reconnects are refused, and say so.
            page.allow_console(r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/ws' failed: "
                               r'Error in connection establishment: net::ERR_CONNECTION_REFUSED')
            server.stop(signal.SIGTERM)
            page.wait(lambda: page.attr('[data-testid=connection]', 'data-status')
                      in ('reconnecting', 'connecting'), 30, 'the page to notice')
            page.check_whole('[data-testid=connection]', 'reconnecting')
            page.look('phone-30-reconnecting')
            server.start()
            page.wait(lambda: page.attr('[data-testid=connection]', 'data-status') == 'open'
                      and page.hand(), 60, 'the page to resume the seat')
            check(set(page.hand()) <= set(held), 'the resumed hand is the hand held')
            page.look('phone-31-resumed')
            page.play_big_two_deal()
            check(page.attr('[data-testid=verified]', 'data-verified') == 'true',
                  'the deal finished after the restart is verified, dealt hand included')
            check('your 13 cards' in page.text('[data-testid=verified]'),
                  'the hand dealt before the restart was checked too')
            page.look('phone-32-finished-after-restart')
        finally:
            release(page.close, server.stop, server.remove)

    def test_lobby_pages_and_who_is_online(self):
        """The lobby as a person finds it on a busy night: the create form first, the tables a
        page at a time (as `list` pages them), and who is online."""
        server = Server(self.binary)
        page = Page(self, 'lou')
        hosts = []
        try:
            page.open(server.url)
            page.enter('lou')
            note = page.text('[data-testid=no-tables]')
            tops = page.driver.execute_script(
                'return ["[data-testid=create-submit]", "[data-testid=no-tables]"].map('
                '(s) => document.querySelector(s).getBoundingClientRect().top)')
            check('above' in note and tops[0] < tops[1],
                  f'an empty lobby points at the create form where it is: {note!r} {tops}')
            for number in range(21):
                # From the browser's own address a silent line client is greeted late (the
                # port takes it for a browser's spare connection): these speak first.
                host = LineClient(server.port)
                hosts.append(host)
                host.send(json.dumps({'type': 'hello', 'name': f'host{number:02}'}))
                check('"greeting"' in host.read_line(), 'the greeting comes first')
                host.read_until(lambda line: '"welcome"' in line)
                host.send(json.dumps({'type': 'create', 'kind': 'tictactoe',
                                      'name': f'night {number:02}'}))
                host.read_until(lambda line: '"created"' in line)
            # The lobby looks again by itself every few seconds.
            page.wait(lambda: len(page.all('[data-testid=table-row]')) == 20
                      and page.is_enabled('[data-testid=tables-later]'), 20,
                      'a first page of 20 tables, and a later one')
            check(not page.is_enabled('[data-testid=tables-earlier]'), 'no page before the first')
            page.wait(lambda: 'host20' in page.text('[data-testid=who]'), 20, 'who is online')
            who = page.text('[data-testid=who]')
            check(all(f'host{n:02}' in who for n in range(21)) and 'lou' in who,
                  f'everyone online is listed: {who!r}')
            page.look('phone-14-lobby-busy')
            page.tap('[data-testid=tables-later]')
            page.wait(lambda: len(page.all('[data-testid=table-row]')) == 1
                      and 'night 20' in page.text('[data-testid=table-row]'), 20,
                      'the second page: the 21st table')
            page.look('phone-15-lobby-page-2')
            page.tap('[data-testid=tables-earlier]')
            page.wait(lambda: len(page.all('[data-testid=table-row]')) == 20
                      and 'night 00' in page.text('[data-testid=table-row]'), 20,
                      'the first page again')
        finally:
            release(*[host.close for host in hosts], page.close, server.stop, server.remove)

    def server_behind_a_link(self):
        """A server that the page reaches through a ``SleepyLink`` (whose port it allows as
        an origin)."""
        port = free_port()
        link = SleepyLink(port)
        return link, Server(self.binary, port=port,
                            extra=['--web-origin', f'http://127.0.0.1:{link.port}'])

    def test_phone_sleeps_and_wakes(self):
        """The phone sleeps mid-deal: its Wi-Fi goes without a word (the socket stays open
        and carries nothing), the page says it is offline, and when the phone is back online
        it finds the old socket dead, opens a new one, resumes the seat and finishes the deal."""
        link, server = self.server_behind_a_link()
        page = Page(self, 'sam')
        try:
            held = page.into_a_deal(f'http://127.0.0.1:{link.port}/', 'sam', turns=2)
            page.allow_console(r'ERR_INTERNET_DISCONNECTED')
            page.driver.execute_cdp_cmd('Network.enable', {})
            sockets = link.websockets()
            link.lose_everything_open()
            page.driver.execute_cdp_cmd('Network.emulateNetworkConditions', {
                'offline': True, 'latency': 0, 'downloadThroughput': -1, 'uploadThroughput': -1})
            page.wait(lambda: page.attr('[data-testid=connection]', 'data-status') == 'offline',
                      20, 'the page to say it is offline')
            check('offline' in page.text('[data-testid=connection]'), 'offline is said in words')
            page.check_whole('[data-testid=connection]', 'offline')
            page.look('phone-33-asleep-offline')
            woke = time.perf_counter()
            page.driver.execute_cdp_cmd('Network.emulateNetworkConditions', {
                'offline': False, 'latency': 0, 'downloadThroughput': -1, 'uploadThroughput': -1})
            page.wait(lambda: link.websockets() > sockets and page.attr(
                '[data-testid=connection]', 'data-status') == 'open' and page.hand(), 30,
                'the page to find its old socket dead and resume the seat on a new one')
            self.figures['back online to the seat resumed over a silent socket (s)'] = round(
                time.perf_counter() - woke, 3)
            page.finish_resumed_deal(held, 'phone-34-awake', 'the sleep')
        finally:
            release(page.close, server.stop, server.remove, link.close)

    def test_hidden_tab_comes_back(self):
        """The tab is hidden mid-deal (the screen went off): the title flashes at the turn;
        meanwhile the socket dies without a word, and when the tab is shown again the page
        checks it at once, opens a new one, resumes the seat and finishes the deal."""
        link, server = self.server_behind_a_link()
        page = Page(self, 'hana')
        try:
            held = page.into_a_deal(f'http://127.0.0.1:{link.port}/', 'hana', turns=1)
            title = page.driver.title
            page.hide()
            if page.my_turn():  # it came before the tab was hidden: the alert is for the next
                page.take_big_two_turn()
            page.wait(page.my_turn, 60, 'my turn while hidden')
            page.wait(lambda: page.driver.title != title, 10, 'the title to flash at my turn')
            sockets = link.websockets()
            link.lose_everything_open()
            # Shown again: the page asks its socket for an answer instead of waiting for its
            # next ping (25 s away), finds it dead and opens another.
            page.hide(False)
            shown = time.perf_counter()
            page.wait(lambda: page.driver.title == title, 5, 'the title to stop flashing')
            page.wait(lambda: link.websockets() > sockets and page.attr(
                '[data-testid=connection]', 'data-status') == 'open' and page.hand(), 20,
                'the page to resume the seat on a new socket once shown')
            took = time.perf_counter() - shown
            # Its own pings would have found the dead socket only 25 s after the last message
            # and 8 s of waiting: sooner, and it was the tab being shown that made it look.
            check(took < 20, f'the seat resumed {took:.1f} s after the tab was shown')
            self.figures['tab shown to the seat resumed over a dead socket (s)'] = round(took, 3)
            page.finish_resumed_deal(held, 'phone-35-shown-again', 'the tab came back')
        finally:
            release(page.close, server.stop, server.remove, link.close)

    def test_chat_is_shown_as_text(self):
        """Chat carrying markup is shown as the text it is, at the table and in the lobby."""
        server = Server(self.binary)
        eve = Page(self, 'eve')
        mal = Page(self, 'mallory', phone=False)
        try:
            eve.open(server.url)
            eve.enter('eve')
            mal.open(server.url)
            mal.enter('<i>mal</i>')
            lines = ['<img src=x onerror=alert(1)>', '<script>alert(2)</script> & <b>bold</b>']
            for line in lines:
                mal.tap('[data-testid=chat-input]')
                mal.one('[data-testid=chat-input]').send_keys(line)
                mal.tap('[data-testid=chat-send]')
            eve.wait(lambda: 'alert(2)' in eve.text('[data-testid=chat-log]'), 20, 'the chat')
            log = eve.one('[data-testid=chat-log]')
            shown = log.get_attribute('textContent')
            for line in lines + ['<i>mal</i>']:
                check(line in shown, f'{line!r} is shown as text')
            for tag in ['img', 'script', 'i']:
                check(not log.find_elements(By.TAG_NAME, tag), f'no <{tag}> element in the chat')
            check(not eve.driver.execute_script('return document.querySelector("img[src=x]")'),
                  'no image was made from the chat')
            eve.look('phone-40-chat-as-text')
            # At a table the same lines are table chat.
            eve.create(name='<b>not bold</b>')
            mal.wait(lambda: mal.all('[data-testid=table-row] [data-testid=watch]'), 20,
                     "eve's table in the list")
            mal.tap('[data-testid=table-row] [data-testid=watch]')
            mal.one('[data-testid=leave]')
            eve.wait(lambda: 'someone is watching' in eve.text('[data-testid=events]'), 20,
                     'the table to say that someone is watching')
            mal.tap('[data-testid=chat-input]')
            mal.one('[data-testid=chat-input]').send_keys(lines[0])
            mal.tap('[data-testid=chat-send]')
            eve.wait(lambda: eve.all('[data-testid=chat-log] .chat-line.table'), 20,
                     'the table chat')
            check(not eve.all('[data-testid=chat-log] img'), 'no image at the table either')
            check('<b>not bold</b>' in eve.text('.table-title h1'), 'the table name is text')
            eve.look('phone-41-table-chat-as-text')
        finally:
            release(eve.close, mal.close, server.stop, server.remove)

    def test_qr_code_decodes_to_the_url(self):
        """The page's invite code and the terminal's both decode to the join address."""
        server = Server(self.binary)
        page = Page(self, 'quinn')
        try:
            page.open(server.url)
            page.enter('quinn')
            page.tap('[data-testid=invite]')
            page.wait(lambda: page.driver.execute_script(
                'const i = document.querySelector("[data-testid=qr]");'
                ' return i && i.complete && i.naturalWidth > 0'), 20, 'the QR image')
            url = page.text('[data-testid=join-url]').strip()
            check(url.startswith('http://'), f'the page names the address: {url!r}')
            page.look('phone-50-invite')
            image = os.path.join(self.shots, 'qr-page.png')
            with open(image, 'wb') as out:
                out.write(page.one('[data-testid=qr]').screenshot_as_png)
            decoded = subprocess.run(['zbarimg', '--raw', '-q', image], capture_output=True,
                                     text=True).stdout.strip()
            check(decoded == url, f'the page\'s code decodes to {decoded!r}, not {url!r}')
            self.figures['QR code on the page decodes to'] = decoded
        finally:
            release(page.close, server.stop, server.remove)
        self.terminal_qr()

    def terminal_qr(self):
        """bigtwo-server on a terminal prints its address as a code that decodes to it."""
        if not shutil.which('script'):
            raise Failure('script (util-linux) is needed to give the server a terminal')
        port = free_port()
        data = tempfile.mkdtemp(prefix='bigtwo-browser-tty-')
        capture = os.path.join(data, 'terminal.txt')
        command = (f'{self.binary} --host 0.0.0.0 --port {port} --data-dir {data}')
        runner = subprocess.Popen(['script', '-qfc', command, capture],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline = time.time() + 30
            text = ''
            while time.time() < deadline:
                if os.path.exists(capture):
                    text = re.sub(r'\x1b\[[0-9;]*m', '', open(capture, encoding='utf-8',
                                                                errors='replace').read())
                    if 'scan to join:' in text and re.search(r'\nhttp://\S+', text.split(
                            'scan to join:', 1)[1]):
                        break
                time.sleep(0.1)
            if 'scan to join:' not in text:
                if 'phones and laptops:' not in text:
                    raise Failure(f'the server printed no join address on a terminal:\n{text}')
                raise Failure('the server printed no QR code on a terminal')
            block = text.split('scan to join:', 1)[1].split('\n')[1:]
            url_index = next(i for i, line in enumerate(block) if line.startswith('http://'))
            url = block[url_index].strip()
            rows = []
            lines = [line.rstrip('\r') for line in block[:url_index]]
            width = max(len(line) for line in lines)
            for line in lines:
                line = line.ljust(width)
                rows.append([c in '█▀' for c in line])
                rows.append([c in '█▄' for c in line])
            scale = 6
            image = os.path.join(self.shots, 'qr-terminal.pgm')
            with open(image, 'w') as out:
                out.write(f'P2\n{width * scale} {len(rows) * scale}\n255\n')
                for row in rows:
                    pixels = ' '.join('0' if dark else '255' for dark in row for _ in range(scale))
                    for _ in range(scale):
                        out.write(pixels + '\n')
            decoded = subprocess.run(['zbarimg', '--raw', '-q', image], capture_output=True,
                                     text=True).stdout.strip()
            check(decoded == url, f'the terminal\'s code decodes to {decoded!r}, not {url!r}')
            self.figures['QR code in the terminal decodes to'] = decoded
        finally:
            os.killpg(runner.pid, signal.SIGTERM)
            runner.wait(timeout=20)
            shutil.rmtree(data, ignore_errors=True)

    def run(self, names):
        tests = [name for name in dir(self) if name.startswith('test_')]
        for name in tests:
            if names and not any(wanted in name for wanted in names):
                continue
            began = time.perf_counter()
            try:
                getattr(self, name)()
                self.results.append((name, True, ''))
                print(f'ok   {name} ({time.perf_counter() - began:.1f} s)', flush=True)
            except Exception as error:  # report every failure, run the rest
                detail = ''.join(traceback.format_exception(error))
                self.results.append((name, False, detail))
                print(f'FAIL {name} ({time.perf_counter() - began:.1f} s)\n{detail}', flush=True)
        passed = sum(1 for _, ok, _ in self.results if ok)
        failed = len(self.results) - passed
        print('\nscreenshots:')
        for path in self.screenshots:
            print(f'  {os.path.relpath(path, ROOT)}')
        print('figures:')
        for key, value in self.figures.items():
            print(f'  {key}: {value}')
        print(f'\nbrowser: {passed} passed, {failed} failed')
        return failed == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--server', default=os.path.join(ROOT, '.build', 'debug', 'bigtwo-server'))
    parser.add_argument('--shots', default=os.path.join(ROOT, '.build', 'browser-screenshots'))
    parser.add_argument('tests', nargs='*', help='run only the tests whose names contain these')
    arguments = parser.parse_args()
    if not os.path.exists(arguments.server):
        sys.exit(f'no server at {arguments.server}: run swift build first')
    suite = Suite(arguments.server, arguments.shots)
    sys.exit(0 if suite.run(arguments.tests) else 1)


if __name__ == '__main__':
    main()
