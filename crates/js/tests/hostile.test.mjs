// Hostile input: whatever a caller passes, the wasm module never traps
// (no WebAssembly.RuntimeError), the game stays usable, and where chess.js
// answers without throwing, the answer is chess.js's.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import * as ours from '../dist/chess.mjs'
import * as theirs from 'chess.js'

const plain = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)))

/** Runs `action` on a fresh game of each library and compares. */
function same(name, action, fen) {
  const a = new ours.Chess(fen)
  const b = new theirs.Chess(fen)
  let expected
  let threw = false
  try {
    expected = plain(action(b))
  } catch {
    threw = true
  }
  let actual
  try {
    actual = plain(action(a))
  } catch (e) {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${name}: the wasm module trapped: ${e}`)
    assert.ok(threw, `${name}: bitmoves threw ${e.message}, chess.js did not`)
  }
  if (!threw) assert.deepEqual(actual, expected, name)
  assert.equal(typeof a.fen(), 'string', `${name}: the game is still usable`)
  a.moves({ verbose: true })
}

test('bad moves, squares, pieces and options answer as chess.js does', () => {
  const cases = {
    'move(undefined)': (c) => c.move(undefined),
    'move(42)': (c) => c.move(42),
    'move({})': (c) => c.move({}),
    'move({from})': (c) => c.move({ from: 'e2' }),
    'move(lowercase piece)': (c) => c.move('nf3'),
    'move(non-ASCII)': (c) => c.move('é4'),
    'move(long)': (c) => c.move('N'.repeat(100_000)),
    'move(promotion x)': (c) => c.move({ from: 'e2', to: 'e4', promotion: 'x' }),
    'move(strict LAN)': (c) => c.move('e2e4', { strict: true }),
    'move(permissive forms)': (c) => [c.move('Pe4'), c.move('e7-e5'), c.move('Ng1f3'), c.move('0-0', { strict: false })],
    'put(bad kind)': (c) => c.put({ type: 'x', color: 'w' }, 'e4'),
    'put(bad square)': (c) => c.put({ type: 'p', color: 'w' }, 'z9'),
    'put(prototype name)': (c) => c.put({ type: 'p', color: 'w' }, 'toString'),
    'get(bad square)': (c) => c.get('zz'),
    'remove(bad square)': (c) => c.remove('zz'),
    'attackers(bad square)': (c) => c.attackers('zz'),
    'moves(bad square)': (c) => c.moves({ square: 'zz' }),
    'moves(bad piece)': (c) => c.moves({ piece: 'x' }),
    'moves(upper-case square)': (c) => c.moves({ square: 'E2' }),
    'undo(empty)': (c) => [c.undo(), c.undo()],
    'perft(0)': (c) => c.perft(0),
    'perft(-1)': (c) => c.perft(-1),
    'null move': (c) => [c.move(null), c.move('--'), c.undo(), c.fen(), c.hash()],
    'setComment(braces)': (c) => {
      c.setComment('{x}')
      return c.getComments()
    },
    'loadPgn(garbage)': (c) => c.loadPgn('1. e4 ((( garbage'),
    'loadPgn(binary)': (c) => c.loadPgn('\u0000\uffff[[[""]]]'),
    'loadPgn(illegal move)': (c) => c.loadPgn('1. e4 e5 2. Ke3 *'),
    'load(bad FEN)': (c) => c.load('8/8/8/8/8/8/8/8 w - - 0 1'),
    'load(short FEN)': (c) => {
      c.load('4k3/8/8/8/8/8/8/4K3 w')
      return c.fen()
    },
  }
  for (const [name, action] of Object.entries(cases)) same(name, action)
})

test('loose positions (skipValidation) never trap', () => {
  const fens = [
    '8/8/8/8/8/8/8/8 w - - 0 1',
    'KK6/8/8/8/8/8/8/kk6 w - - 0 1',
    'P7/8/8/8/8/8/8/7p w KQkq e3 0 1',
    '4k3/8/8/8/8/8/8/4K2R b KQ - 0 1',
    'garbage',
    '9/9/9 w',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 -5',
  ]
  for (const fen of fens) {
    const a = new ours.Chess(ours.DEFAULT_POSITION)
    a.load(fen, { skipValidation: true })
    for (const call of ['fen', 'moves', 'isGameOver', 'hash', 'ascii', 'board', 'pgn', 'history', 'isCheck', 'perft']) {
      try {
        a[call](1)
      } catch (e) {
        assert.ok(!(e instanceof WebAssembly.RuntimeError), `${fen} ${call}: trapped: ${e}`)
      }
    }
    try {
      a.move('e4')
    } catch (e) {
      assert.ok(!(e instanceof WebAssembly.RuntimeError), `${fen} move: trapped: ${e}`)
    }
  }
})

test('the package reads the wasm memory right after it grows', () => {
  const a = new ours.Chess()
  const b = new theirs.Chess()
  for (const san of ['e4', 'e5', 'Nf3']) {
    a.move(san)
    b.move(san)
  }
  const before = a.fen()
  // An 8 MB input grows the module's memory (its old buffer is detached).
  assert.throws(() => new ours.Chess().move('N' + 'x'.repeat(8 << 20)), /Invalid move/)
  a._fen = undefined // made afresh, from the grown memory
  assert.equal(a.fen(), before)
  assert.equal(a.fen(), b.fen())
  assert.deepEqual(a.moves(), b.moves())
  assert.deepEqual(a.history({ verbose: true }).map((m) => m.san), b.history())
})
