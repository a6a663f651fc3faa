// Browser tests of the bitboard lab: Debian's chromium, driven by
// playwright-core, loads the page served by `cargo xtask lab --test`,
// clicks squares, and checks what the page shows against the library:
// the `bitmoves` CLI and the generated tables' source. Run through
// `cargo xtask lab --test`, which sets LAB_URL, BITMOVES_BIN and CHROMIUM.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const { LAB_URL, BITMOVES_BIN, CHROMIUM, LAB_SCREENSHOT } = process.env;
const ORIGIN = new URL(LAB_URL).origin;
const FILES = 'abcdefgh';
const SQUARES = Array.from({ length: 64 }, (_, i) => FILES[i % 8] + (Math.floor(i / 8) + 1));
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

let browser, context, page;
const offsite = [];

// --- the library's answers ---------------------------------------------------

function cli(...args) {
  return execFileSync(BITMOVES_BIN, args, { encoding: 'utf8' });
}

/** A diagram of the CLI (rank 8 first, `1`/`0` or `.`) as a 64-bit value. */
function diagramValue(text) {
  let value = 0n;
  for (const line of text.split('\n')) {
    const m = line.match(/^([1-8]) (.*)$/);
    if (!m) continue;
    m[2].split(' ').forEach((cell, file) => {
      if (cell === '1') value |= 1n << BigInt((Number(m[1]) - 1) * 8 + file);
    });
  }
  return value;
}

function cliAttacks(piece, square, occupied = []) {
  const args = ['attacks', piece, square];
  if (occupied.length) args.push('--occupied', occupied.join(','));
  return diagramValue(cli(...args));
}

/** A `pub static NAME: [T; N] = [...]` array of the generated tables. */
function table(file, name) {
  const source = readFileSync(new URL(`../../../tables/src/${file}`, import.meta.url), 'utf8');
  const start = source.indexOf(`pub static ${name}:`);
  assert.ok(start >= 0, `${name} in tables/src/${file}`);
  const body = source.slice(source.indexOf('= [', start) + 3, source.indexOf('];', start));
  return body.split(',').map((s) => s.trim()).filter(Boolean).map((s) => BigInt(s));
}

// --- driving the page ----------------------------------------------------------

const hex = (value) => '0x' + value.toString(16).padStart(16, '0');

async function readHex(step) {
  return BigInt(await page.textContent(`[data-step="${step}"] .hex`));
}

async function verdict(step) {
  return page.textContent(`[data-step="${step}"] .verdict`);
}

async function useTool(tool) {
  await page.check(`input[name=tool][value=${tool}]`);
}

async function place(kind, square, color = 'w') {
  await useTool('piece');
  await page.selectOption('#piece-kind', kind);
  await page.selectOption('#piece-color', color);
  await page.click(`#board [data-square="${square}"]`);
}

async function clear() {
  await page.click('#clear');
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

before(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Every request must stay on the lab's own server: record and refuse the rest.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === ORIGIN) return route.continue();
    offsite.push(url);
    return route.abort();
  });
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && new URL(url).origin !== ORIGIN && !offsite.includes(url)) offsite.push(url);
  });
  page = await context.newPage();
  page.on('pageerror', (err) => offsite.push(`page error: ${err}`));
  await page.goto(LAB_URL);
  await page.waitForSelector('#lab-status[data-ready=true]', { timeout: 10_000 });
});

after(async () => {
  await browser?.close();
});

test('the knight from every square: union of the eight shifts = lookup = `bitmoves attacks`', async () => {
  for (const square of SQUARES) {
    await clear();
    await place('n', square);
    const expected = cliAttacks('knight', square);
    assert.equal(hex(await readHex('knight/union')), hex(expected), `union from ${square}`);
    assert.equal(hex(await readHex('knight/lookup')), hex(expected), `lookup from ${square}`);
    assert.equal(await verdict('knight/equal'), 'equal', square);
  }
});

test('a rook and a bishop among random blockers equal `bitmoves attacks`, by every method', async () => {
  const next = random(2025);
  for (const piece of ['rook', 'bishop']) {
    for (let trial = 0; trial < 6; trial++) {
      await clear();
      const square = SQUARES[next(64)];
      await place(piece[0] === 'r' ? 'r' : 'b', square);
      await useTool('x');
      const blockers = new Set();
      while (blockers.size < 3 + next(8)) {
        const b = SQUARES[next(64)];
        if (b !== square && !blockers.has(b)) {
          blockers.add(b);
          await page.click(`#board [data-square="${b}"]`);
        }
      }
      const expected = hex(cliAttacks(piece, square, [...blockers]));
      const where = `${piece} on ${square}, blockers ${[...blockers]}`;
      for (const step of ['rays/union', 'kogge-stone/union', 'magic/attacks', 'pext/attacks']) {
        assert.equal(hex(await readHex(`${piece}-${step}`)), expected, `${step}: ${where}`);
      }
      for (const section of ['rays', 'kogge-stone', 'magic', 'pext']) {
        assert.equal(await verdict(`${piece}-${section}/equal`), 'equal', `${section}: ${where}`);
      }
    }
  }
});

test('every step of a magic lookup matches the generated tables', async () => {
  await clear();
  await place('r', 'e4');
  await useTool('x');
  for (const b of ['e6', 'b4', 'e2', 'g4', 'h8', 'a1']) await page.click(`#board [data-square="${b}"]`);
  const square = SQUARES.indexOf('e4');
  const occupied = ['e4', 'e6', 'b4', 'e2', 'g4', 'h8', 'a1'].reduce((set, s) => set | (1n << BigInt(SQUARES.indexOf(s))), 0n);
  const mask = table('sliders.rs', 'ROOK_MASKS')[square];
  const magic = table('magic.rs', 'ROOK_MAGICS')[square];
  const shift = table('magic.rs', 'ROOK_SHIFTS')[square];
  const offset = table('magic.rs', 'ROOK_OFFSETS')[square];
  const masked = occupied & mask;
  const product = (masked * magic) & ((1n << 64n) - 1n);
  const index = product >> shift;
  const attacks = table('magic.rs', 'SLIDER_ATTACKS')[Number(offset + index)];
  const expected = { occupied, mask, masked, magic, product, shift, index, offset, attacks };
  for (const [step, value] of Object.entries(expected)) {
    assert.equal(hex(await readHex(`rook-magic/${step}`)), hex(value), `rook-magic/${step}`);
  }
  assert.equal(hex(attacks), hex(cliAttacks('rook', 'e4', ['e6', 'b4', 'e2', 'g4', 'h8', 'a1'])));
  // The PEXT index: the occupancy's bits under the mask, packed from bit 0.
  let pext = 0n;
  let bit = 0n;
  for (let i = 0n; i < 64n; i++) {
    if ((mask >> i) & 1n) {
      pext |= ((occupied >> i) & 1n) << bit;
      bit++;
    }
  }
  assert.equal(hex(await readHex('rook-pext/index')), hex(pext));
  assert.equal(hex(await readHex('rook-pext/offset')), hex(table('pext.rs', 'ROOK_PEXT_OFFSETS')[square]));
});

test('perft(1-4) of a FEN, counted in the page, equals `bitmoves perft`; the moves equal `bitmoves moves`', async () => {
  const fen = 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1';
  await page.fill('#fen', fen);
  await page.click('#fen-show');
  await page.click('#perft-run');
  await page.waitForSelector('#perft tbody[data-done=true]', { timeout: 60_000 });
  for (const depth of [1, 2, 3, 4]) {
    const shown = await page.textContent(`#perft tr[data-depth="${depth}"] .nodes`);
    const expected = cli('perft', fen, String(depth)).match(/Nodes searched: (\d+)/)[1];
    assert.equal(shown, expected, `perft(${depth})`);
  }
  const shownMoves = await page.$$eval('#moves li', (items) => items.map((li) => li.dataset.uci).sort());
  const cliMoves = cli('moves', fen).trim().split('\n').sort();
  assert.deepEqual(shownMoves, cliMoves);
});

test('check and pins are drawn', async () => {
  // Black to move: the rook on e1 gives check, the bishop on b5 pins the
  // knight on d7 to the king on e8.
  await page.fill('#fen', '4k3/3n4/8/1B6/8/8/8/4RK2 b - - 0 1');
  await page.click('#fen-show');
  assert.ok(await page.$eval('#position-board [data-square="e1"]', (el) => el.classList.contains('checker')));
  assert.ok(await page.$eval('#position-board [data-square="d7"]', (el) => el.classList.contains('pinned')));
  assert.ok(await page.$eval('#position-board [data-square="c6"]', (el) => el.classList.contains('pinline')));
  assert.match(await page.textContent('#position-facts'), /in check from e1; pins: d7 pinned by b5/);
});

test('the board works with the keyboard', async () => {
  await clear();
  await place('n', 'd4');
  await page.focus('#board [data-square="d4"]');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent('#subject'), 'e5');
  assert.equal(hex(await readHex('knight/union')), hex(cliAttacks('knight', 'e5')));
});

test('on a narrow screen nothing overflows sideways', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await place('r', 'd4');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than a 360px screen`);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('a screenshot of the lab for the docs', { skip: !LAB_SCREENSHOT && 'LAB_SCREENSHOT not set' }, async () => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await clear();
  await place('r', 'd4');
  await useTool('x');
  for (const b of ['d7', 'b4', 'g4', 'd2', 'f6']) await page.click(`#board [data-square="${b}"]`);
  await page.fill('#fen', KIWIPETE);
  await page.click('#fen-show');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: LAB_SCREENSHOT });
  await page.locator('[data-section="rook-magic"]').screenshot({ path: LAB_SCREENSHOT.replace(/\.png$/, '-magic.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('no request left localhost', () => {
  assert.deepEqual(offsite, []);
});
