// The package's surface against chess.js 1.4's: every export and every
// public method of Chess and Move exists; CommonJS and ES module entry
// points give the same names; the package's files stay small.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import * as ours from '../dist/chess.mjs'
import * as theirs from 'chess.js'

const publicMethods = (cls) =>
  Object.getOwnPropertyNames(cls.prototype).filter((name) => name !== 'constructor' && !name.startsWith('_')).sort()

test('every export of chess.js is exported, with the same values', () => {
  assert.deepEqual(Object.keys(ours).sort(), Object.keys(theirs).filter((k) => k !== 'default').sort())
  for (const name of ['WHITE', 'BLACK', 'PAWN', 'KNIGHT', 'BISHOP', 'ROOK', 'QUEEN', 'KING', 'DEFAULT_POSITION']) {
    assert.equal(ours[name], theirs[name], name)
  }
  assert.deepEqual(ours.SQUARES, theirs.SQUARES)
  assert.deepEqual(ours.SEVEN_TAG_ROSTER, theirs.SEVEN_TAG_ROSTER)
  const a = ours.xoroshiro128(12345678901234567890n)
  const b = theirs.xoroshiro128(12345678901234567890n)
  for (let i = 0; i < 5; i++) assert.equal(a(), b())
})

/** Methods beyond chess.js's, each documented in docs/js.md. */
const EXTRA = ['variations']

test('Chess and Move have every public method of chess.js, and only the documented extras', () => {
  assert.deepEqual(publicMethods(ours.Chess), [...publicMethods(theirs.Chess), ...EXTRA].sort())
  assert.deepEqual(publicMethods(ours.Move), publicMethods(theirs.Move))
})

test("every public method, and every exported function or class, takes chess.js's number of arguments", () => {
  const arity = (cls) =>
    Object.fromEntries(publicMethods(cls).map((name) => [name, cls.prototype[name].length]))
  const expected = arity(theirs.Chess)
  const oursAll = arity(ours.Chess)
  for (const name of EXTRA) delete oursAll[name]
  assert.deepEqual(oursAll, expected)
  assert.deepEqual(arity(ours.Move), arity(theirs.Move))
  for (const [name, value] of Object.entries(theirs)) {
    if (typeof value === 'function') assert.equal(ours[name].length, value.length, name)
  }
})

test('the CommonJS entry point exports the same names', () => {
  const required = createRequire(import.meta.url)('../dist/chess.cjs')
  assert.deepEqual(Object.keys(required).sort(), Object.keys(ours).sort())
  assert.equal(new required.Chess().moves().length, 20)
})

test('validateFen gives chess.js answers and messages', () => {
  const fens = [
    ours.DEFAULT_POSITION, '', 'x', '8/8/8/8/8/8/8/8 w - - 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1', '4k3/8/8/8/8/8/8/4K3 w - - -1 1',
  ]
  for (const fen of fens) {
    assert.deepEqual(ours.validateFen(fen), theirs.validateFen(fen), fen)
    let expected = null
    try {
      new theirs.Chess(fen)
    } catch (e) {
      expected = e.message
    }
    if (expected === null) assert.equal(new ours.Chess(fen).fen(), new theirs.Chess(fen).fen())
    else assert.throws(() => new ours.Chess(fen), { message: expected })
  }
})

test('headers, comments, put, remove, setTurn and castling rights follow chess.js', () => {
  const run = (lib) => {
    const c = new lib.Chess()
    const log = []
    c.setHeader('White', 'Ann')
    log.push(c.getHeaders(), c.removeHeader('White'), c.removeHeader('Nope'))
    c.move('e4')
    c.setComment('open {game}')
    c.move('e5')
    log.push(c.getComment(), c.getComments(), c.setTurn('w'), c.setTurn('b'), c.fen(), c.history(), c.hash())
    log.push(c.removeComments(), c.pgn())
    log.push(c.put({ type: 'k', color: 'w' }, 'a5'), c.put({ type: 'q', color: 'w' }, 'a5'))
    log.push(c.remove('h1'), c.getCastlingRights('w'), c.setCastlingRights('w', { k: true }), c.fen(), c.hash())
    c.clear()
    log.push(c.fen(), c.put({ type: 'k', color: 'b' }, 'e8'), c.findPiece({ type: 'k', color: 'b' }), c.get('e8'))
    log.push(c.squareColor('a1'), c.squareColor('h1'), c.squareColor('z9'), c.isAttacked('e7', 'b'))
    return JSON.parse(JSON.stringify(log))
  }
  assert.deepEqual(run(ours), run(theirs))
})

test('the package (wasm, JavaScript) is at most 150 KB gzipped', () => {
  let total = 0
  for (const name of ['bitmoves.wasm', 'chess.mjs']) {
    total += gzipSync(readFileSync(new URL(`../dist/${name}`, import.meta.url)), { level: 9 }).length
  }
  assert.ok(total <= 150_000, `${total} bytes gzipped`)
})

// The core's sliders on wasm32 are obstruction difference, with no tables
// of their own (docs/js.md, "Size"): the module is smaller than the
// fancy-magic slider table alone (107,648 u64s), so that table is not in it.
test('the wasm module holds no magic slider tables', () => {
  const size = readFileSync(new URL('../dist/bitmoves.wasm', import.meta.url)).length
  assert.ok(size < 107_648 * 8, `${size} bytes`)
})
