// chess.js 1.4 (from npm) as the oracle: random games from the start and
// from the perft suites' positions, comparing after every move the moves
// (SAN, in order, and verbose Move objects), FEN, hash, status, the Move
// returned, undo, history, PGN and errors; then PGN files read by both.
// Run by `cargo xtask js` after the package is built into dist/.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import * as ours from '../dist/chess.mjs'
import * as theirs from 'chess.js'

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed) {
  return () => {
    seed |= 0
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const plain = (m) => (m === null ? null : JSON.parse(JSON.stringify(m)))
const descriptors = (m) =>
  ['isCapture', 'isPromotion', 'isEnPassant', 'isKingsideCastle', 'isQueensideCastle', 'isBigPawn'].map((f) => m[f]())

function status(c) {
  return [
    c.isCheck(), c.inCheck(), c.isCheckmate(), c.isStalemate(), c.isDraw(), c.isInsufficientMaterial(),
    c.isThreefoldRepetition(), c.isDrawByFiftyMoves(), c.isGameOver(), c.turn(), c.moveNumber(),
  ]
}

/** Compares everything a position answers; `full` adds the verbose lists. */
function comparePosition(a, b, where, full) {
  assert.equal(a.fen(), b.fen(), `fen at ${where}`)
  // The FEN a Move handed over, and the one made afresh from the game's
  // numbers (the package drops its kept FEN), are both chess.js's.
  a._fen = undefined
  assert.equal(a.fen(), b.fen(), `fen made afresh at ${where}`)
  assert.deepEqual(a.moves(), b.moves(), `moves at ${where}`)
  assert.deepEqual(status(a), status(b), `status at ${where}`)
  assert.equal(a.hash(), b.hash(), `hash at ${where}`)
  if (full) {
    const va = a.moves({ verbose: true })
    const vb = b.moves({ verbose: true })
    assert.deepEqual(va.map(plain), vb.map(plain), `verbose moves at ${where}`)
    assert.deepEqual(va.map(descriptors), vb.map(descriptors), `move descriptors at ${where}`)
    for (const sq of ['e2', 'g1', 'e8', 'b8', 'd4']) {
      assert.deepEqual(a.moves({ square: sq }), b.moves({ square: sq }), `moves from ${sq} at ${where}`)
    }
    for (const p of ['p', 'n', 'k']) {
      assert.deepEqual(a.moves({ piece: p }), b.moves({ piece: p }), `moves of ${p} at ${where}`)
    }
    assert.deepEqual(a.board(), b.board(), `board at ${where}`)
    assert.equal(a.ascii(), b.ascii(), `ascii at ${where}`)
    for (const sq of ['e4', 'd5', 'f7', 'c3']) {
      for (const color of ['w', 'b']) {
        assert.deepEqual(a.attackers(sq, color), b.attackers(sq, color), `attackers ${sq} ${color} at ${where}`)
      }
    }
    assert.deepEqual(a.getCastlingRights('w'), b.getCastlingRights('w'))
    assert.deepEqual(a.getCastlingRights('b'), b.getCastlingRights('b'))
  }
}

const EPD = readFileSync(new URL('../../../../shared/perft/standard.epd', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split(';')[0].trim())

/** Plays random games on both; returns the number of positions compared. */
function playout(seed, fen, plies) {
  const rand = random(seed)
  const a = new ours.Chess(fen)
  const b = new theirs.Chess(fen)
  let positions = 0
  for (let ply = 0; ply < plies; ply++) {
    const where = `seed ${seed} ply ${ply} ${b.fen()}`
    comparePosition(a, b, where, ply % 8 === 0)
    positions++
    const sans = b.moves()
    if (sans.length === 0 || b.isGameOver()) break
    const index = Math.floor(rand() * sans.length)
    const form = rand()
    let arg = sans[index]
    if (form >= 0.6) {
      const pick = b.moves({ verbose: true })[index]
      arg = form < 0.8 ? { from: pick.from, to: pick.to, promotion: pick.promotion } : pick.lan
    }
    assert.deepEqual(plain(a.move(arg)), plain(b.move(arg)), `move ${JSON.stringify(arg)} at ${where}`)
    if (rand() < 0.05) {
      assert.deepEqual(plain(a.undo()), plain(b.undo()), `undo at ${where}`)
    }
    if (rand() < 0.03) {
      const bad = ['Ke9', 'Nf3x', 'O-O-O-O', 'e5e4', 'Qh9', 'xyz', '']
      const text = bad[Math.floor(rand() * bad.length)]
      let expected = null
      try {
        b.move(text)
        b.undo()
      } catch (e) {
        expected = e.message
      }
      if (expected === null) {
        a.move(text)
        a.undo()
      } else {
        assert.throws(() => a.move(text), { message: expected })
      }
    }
  }
  assert.deepEqual(a.history(), b.history(), `history of seed ${seed}`)
  assert.deepEqual(a.history({ verbose: true }).map(plain), b.history({ verbose: true }).map(plain))
  assert.equal(a.pgn(), b.pgn(), `pgn of seed ${seed}`)
  assert.equal(a.pgn({ maxWidth: 40, newline: '<br />' }), b.pgn({ maxWidth: 40, newline: '<br />' }))
  return positions
}

test('random games agree with chess.js on at least 10,000 positions', () => {
  let positions = 0
  let seed = 1
  while (positions < 10_000) {
    const fen = seed % 3 === 0 ? EPD[seed % EPD.length] : undefined
    positions += playout(seed, fen, 160)
    seed++
  }
  assert.ok(positions >= 10_000)
})

test('perft agrees with chess.js on the standard suite', () => {
  for (const fen of EPD.slice(0, 40)) {
    assert.equal(new ours.Chess(fen).perft(2), new theirs.Chess(fen).perft(2), fen)
  }
})

test('PGN files read by both give the same games', () => {
  const text = readFileSync(new URL('../node_modules/chess.js/benchmarks/benchmark.pgn', import.meta.url), 'utf8')
  const games = text.split(/\n\n(?=\[Event)/)
  assert.ok(games.length >= 100)
  for (const pgn of games) {
    for (const strict of [false, true]) {
      const a = new ours.Chess()
      const b = new theirs.Chess()
      let errorB = null
      try {
        b.loadPgn(pgn, { strict })
      } catch (e) {
        errorB = e.message
      }
      if (errorB !== null) {
        assert.throws(() => a.loadPgn(pgn, { strict }))
        continue
      }
      a.loadPgn(pgn, { strict })
      assert.equal(a.fen(), b.fen())
      assert.deepEqual(a.getHeaders(), b.getHeaders())
      assert.deepEqual(a.history(), b.history())
      assert.equal(a.pgn(), b.pgn())
    }
  }
})

test('PGN with comments, NAGs, variations and set-ups reads as chess.js reads it', () => {
  const cases = [
    '{start} 1. e4 {king pawn} e5 $1 2. Nf3!? (2. f4 exf4 (2... d5)) Nc6 {knight} 1-0 {end}',
    '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 *',
    '[fen "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 *',
    '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 ; Ruy Lopez\n4. Ba4 *',
    '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#',
    '1. e4 e5 2. Ke3',
    '1. e2e4 e7e5 2. Ng1f3 *',
    '1. e4 {a} {b} *',
    '[Event "x"]\n1. e4 e5 0-1',
  ]
  for (const pgn of cases) {
    for (const strict of [false, true]) {
      const a = new ours.Chess()
      const b = new theirs.Chess()
      let errorB = null
      try {
        b.loadPgn(pgn, { strict })
      } catch (e) {
        errorB = e.message
      }
      if (errorB !== null) {
        assert.throws(() => a.loadPgn(pgn, { strict }), undefined, pgn)
        if (errorB.startsWith('Invalid move')) {
          assert.throws(() => a.loadPgn(pgn, { strict }), { message: errorB })
        }
        continue
      }
      a.loadPgn(pgn, { strict })
      assert.equal(a.pgn(), b.pgn(), pgn)
      assert.deepEqual(a.getComments(), b.getComments(), pgn)
      assert.deepEqual(a.getHeaders(), b.getHeaders(), pgn)
    }
  }
})
