// Positions the core's fast Board refuses, which chess.js loads with
// `{skipValidation: true}` (no king, the side not to move in check, pawns
// on a back rank, castling with one king missing): the package plays them
// on the core's loose engine; chess.js 1.4 is the oracle. Random loose
// positions, random games from them comparing moves, Move objects, FEN,
// status, undo, PGN and perft(2). Where the two must differ (see
// docs/js.md, "Differences from chess.js"): after a king is taken, chess.js
// keeps the taken king's square and calls the side in check there; such
// positions compare the moves' squares only and no king is taken.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import * as ours from '../dist/chess.mjs'
import * as theirs from 'chess.js'

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const plain = (m) => (m === null ? null : JSON.parse(JSON.stringify(m, Object.keys(m).sort())))

/**
 * A loose FEN: 2–11 random pieces, each king present with chance 0.6,
 * pawns on the back ranks when `backRank`, and (with `castling`) kings
 * and rooks on their squares with the flags they support.
 */
function looseFen(rand, { backRank = false, castling = false } = {}) {
  const board = Array(64).fill(null) // a8 = 0
  const n = 2 + Math.floor(rand() * 10)
  for (let i = 0; i < n; i++) {
    const sq = Math.floor(rand() * 64)
    const p = 'pnbrq'[Math.floor(rand() * 5)]
    if (!backRank && p === 'p' && (sq < 8 || sq >= 56)) continue
    board[sq] = rand() < 0.5 ? p : p.toUpperCase()
  }
  for (const k of ['K', 'k']) if (rand() < 0.6) board[Math.floor(rand() * 64)] = k
  let flags = ''
  if (castling) {
    for (const [k, r, row, kside, qside] of [['K', 'R', 56, 'K', 'Q'], ['k', 'r', 0, 'k', 'q']]) {
      if (rand() < 0.7) {
        for (let i = 0; i < 64; i++) if (board[i] === k) board[i] = null
        board[row + 4] = k
        board[row + 5] = board[row + 6] = null
        if (rand() < 0.8) {
          board[row + 7] = r
          flags += kside
        }
        if (rand() < 0.8) {
          board[row] = r
          flags += qside
        }
        if (rand() < 0.7) board[row + 1] = board[row + 2] = board[row + 3] = null
      }
    }
  }
  const rows = []
  for (let r = 0; r < 8; r++) {
    let s = ''
    let empty = 0
    for (let f = 0; f < 8; f++) {
      const p = board[r * 8 + f]
      if (!p) {
        empty++
        continue
      }
      if (empty) s += empty
      empty = 0
      s += p
    }
    rows.push(empty ? s + empty : s)
  }
  return rows.join('/') + (rand() < 0.5 ? ' w ' : ' b ') + (flags || '-') + ' - 0 1'
}

const status = (c) => [
  c.fen(), c.isCheck(), c.isCheckmate(), c.isStalemate(), c.isInsufficientMaterial(), c.isDraw(),
  c.isGameOver(), c.turn(),
]

/**
 * Plays random games from random loose positions on both; returns the
 * positions compared. chess.js throws a TypeError on some moves of a pawn
 * on a back rank (its hash has no key for it): a game stops there.
 */
function games(seed, count, options) {
  const rand = random(seed)
  let positions = 0
  for (let g = 0; g < count; g++) {
    const fen = looseFen(rand, options)
    const a = new ours.Chess(fen, { skipValidation: true })
    const b = new theirs.Chess(fen, { skipValidation: true })
    let finished = true
    for (let ply = 0; ply < 24; ply++) {
      const where = `${fen}, ply ${ply}: ${b.fen()}`
      // A king the side to move could take: chess.js's SAN and status after
      // taking it follow its stale king square, so compare squares here.
      const them = b.turn() === 'w' ? 'b' : 'w'
      const king = b.findPiece({ type: 'k', color: them })[0]
      const exposed = king !== undefined && b.isAttacked(king, b.turn())
      let expected
      try {
        expected = exposed ? b.moves({ verbose: true }).map((m) => m.lan) : b.moves()
      } catch (e) {
        if (!(e instanceof TypeError)) throw e
        finished = false
        break
      }
      const got = exposed ? a.moves({ verbose: true }).map((m) => m.lan) : a.moves()
      assert.deepEqual(got, expected, `moves at ${where}`)
      assert.deepEqual(status(a), status(b), `status at ${where}`)
      positions++
      const moves = b.moves({ verbose: true }).filter((m) => m.captured !== 'k')
      if (moves.length === 0) break
      const pick = moves[Math.floor(rand() * moves.length)]
      const arg = rand() < 0.5 ? pick.san : { from: pick.from, to: pick.to, promotion: pick.promotion }
      assert.deepEqual(plain(a.move(arg)), plain(b.move(arg)), `move ${pick.san} at ${where}`)
      if (rand() < 0.1) assert.deepEqual(plain(a.undo()), plain(b.undo()), `undo at ${where}`)
    }
    if (finished) {
      let pgn = null
      try {
        pgn = b.pgn()
      } catch (e) {
        if (!(e instanceof TypeError)) throw e
      }
      if (pgn !== null) assert.equal(a.pgn(), pgn, `pgn from ${fen}`)
    }
    const c = new theirs.Chess(fen, { skipValidation: true })
    const them = c.turn() === 'w' ? 'b' : 'w'
    const king = c.findPiece({ type: 'k', color: them })[0]
    if (g % 25 === 0 && !(king !== undefined && c.isAttacked(king, c.turn()))) {
      let perft = null
      try {
        perft = c.perft(2)
      } catch (e) {
        if (!(e instanceof TypeError)) throw e
      }
      if (perft !== null) assert.equal(new ours.Chess(fen, { skipValidation: true }).perft(2), perft, fen)
    }
  }
  return positions
}

test('random loose positions play as on chess.js', () => {
  assert.ok(games(1, 200, {}) >= 2000)
})

test('loose positions with pawns on the back ranks play as on chess.js', () => {
  assert.ok(games(2, 120, { backRank: true }) >= 500)
})

test('loose positions with castling rights play as on chess.js', () => {
  assert.ok(games(3, 20, { castling: true }) >= 200)
})

test('hand-picked loose positions', () => {
  for (const fen of [
    '8/8/8/8/8/8/8/R3K2R w KQ - 0 1', // no black king: castling still
    '4k3/8/8/8/8/8/8/4K2R b K - 0 1', // fine, for contrast
    '4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1', // the side not to move in check
    '4k3/8/8/8/8/8/8/P3K3 w - - 0 1', // a pawn on its own back rank: one step
    '8/8/8/8/8/8/8/8 w - - 0 1', // nothing
    '8/8/8/3p4/8/8/4P3/8 w - - 0 1', // pawns only: double steps, en passant
  ]) {
    const a = new ours.Chess(fen, { skipValidation: true })
    const b = new theirs.Chess(fen, { skipValidation: true })
    assert.deepEqual(a.moves(), b.moves(), fen)
    assert.deepEqual(status(a), status(b), fen)
    assert.equal(a.perft(2), b.perft(2), fen)
    for (const m of b.moves()) {
      assert.deepEqual(plain(a.move(m)), plain(b.move(m)), `${m} from ${fen}`)
      assert.deepEqual(a.moves(), b.moves(), `after ${m} from ${fen}`)
      assert.deepEqual(plain(a.undo()), plain(b.undo()))
    }
  }
  // After clear() and put(): the board chess.js users set up by hand.
  const a = new ours.Chess()
  const b = new theirs.Chess()
  for (const c of [a, b]) {
    c.clear()
    c.put({ type: 'r', color: 'w' }, 'a1')
    c.put({ type: 'n', color: 'b' }, 'c3')
  }
  assert.deepEqual(a.moves(), b.moves())
  assert.ok(b.moves().length > 0)
  const san = b.moves()[0]
  assert.deepEqual(plain(a.move(san)), plain(b.move(san)))
})
