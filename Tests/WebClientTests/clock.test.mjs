import test from 'node:test';
import assert from 'node:assert/strict';
import { ServerClock, secondsLeft, formatSeconds } from '../../Sources/WebClient/www/clock.js';
import { retryDelay, Backoff, BACKOFF } from '../../Sources/WebClient/www/backoff.js';

test('seconds left round up and never go below zero', () => {
  assert.equal(secondsLeft(10_000, 0), 10);
  assert.equal(secondsLeft(10_000, 1), 10);
  assert.equal(secondsLeft(10_000, 999), 10);
  assert.equal(secondsLeft(10_000, 1000), 9);
  assert.equal(secondsLeft(10_000, 10_000), 0);
  assert.equal(secondsLeft(10_000, 20_000), 0);
  assert.equal(secondsLeft(undefined, 0), null);
  assert.equal(secondsLeft(10_000, 0, 4000), 6);
});

test('clock faces', () => {
  assert.equal(formatSeconds(45), '45 s');
  assert.equal(formatSeconds(65), '1:05');
  assert.equal(formatSeconds(720), '12:00');
  assert.equal(formatSeconds(null), '');
});

test('the server clock is learnt from timer warnings and fresh turns', () => {
  const clock = new ServerClock();
  assert.equal(clock.offset, 0);
  // The phone runs 5 s behind the server: a turn of 30 s sent at server time 100 000.
  clock.learnTurn(130_000, 30, 95_020);
  assert.equal(clock.offset, 4980);
  // A resumed turn with less time left gives a lower bound that must not win.
  clock.learnTurn(130_000, 30, 110_000);
  assert.equal(clock.offset, 4980);
  // The timer warning, sent at server time 120 000, is exact.
  clock.learnTimer({ deadline: 130_000, seconds_left: 10 }, 115_000);
  assert.equal(clock.offset, 5000);
  assert.equal(secondsLeft(130_000, 115_000, clock.offset), 10);
  assert.equal(clock.serverNow(1), 5001);
});

test('old estimates are forgotten, so a corrected phone clock is followed', () => {
  const clock = new ServerClock();
  clock.learn(10_000, 0); // 10 s ahead once
  for (let i = 1; i <= 8; i++) clock.learn(i * 1000, i * 1000);
  assert.equal(clock.offset, 0);
});

test('reconnecting retries at once, then backs off to a few seconds', () => {
  assert.equal(retryDelay(0), 0);
  assert.equal(retryDelay(1), 500);
  assert.equal(retryDelay(2), 1000);
  assert.equal(retryDelay(3), 2000);
  assert.equal(retryDelay(4), 4000);
  assert.equal(retryDelay(12), 4000);
  assert.equal(retryDelay(2, 0), 800);
  assert.equal(retryDelay(2, 0.999999), 1200);
  assert.ok(retryDelay(20, 0.999999) <= BACKOFF.max);
  const backoff = new Backoff(() => 0.5);
  assert.deepEqual([backoff.next(), backoff.next(), backoff.next()], [0, 500, 1000]);
  backoff.reset();
  assert.equal(backoff.next(), 0);
});
