// Chess960 behind `{chess960: true}` (chess.js has none, so the oracles
// are the Fischer-random perft suite's counts and the laws below): perft
// on the suite's positions, and random games where every position's FEN
// reloads to itself, undo restores it, castling moves are king-takes-rook
// and play back from their SAN, their squares and their LAN.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { Chess } from '../dist/chess.mjs'

const SUITE = readFileSync(new URL('../../../../shared/perft/fischer.epd', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [fen, ...depths] = line.split(';').map((s) => s.trim())
    return { fen, counts: depths.map((d) => Number(d.split(' ')[1])) }
  })

test('perft matches the Fischer-random suite (depths 1 to 3, every position)', () => {
  for (const { fen, counts } of SUITE) {
    const chess = new Chess(fen, { chess960: true })
    for (let depth = 1; depth <= 3; depth++) {
      assert.equal(chess.perft(depth), counts[depth - 1], `${fen} depth ${depth}`)
    }
  }
})

test('random Chess960 games keep FEN, undo and castling consistent', () => {
  let seed = 960
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000
  let castles = 0
  for (const { fen } of SUITE.filter((_, i) => i % 8 === 0)) {
    const chess = new Chess(fen, { chess960: true })
    for (let ply = 0; ply < 60 && !chess.isGameOver(); ply++) {
      const here = chess.fen()
      assert.equal(new Chess(here, { chess960: true }).fen(), here)
      const moves = chess.moves({ verbose: true })
      assert.equal(moves.length, chess.perft(1))
      const castling = moves.filter((m) => m.isKingsideCastle() || m.isQueensideCastle())
      for (const m of castling) {
        assert.equal(chess.get(m.to)?.type, 'r', `castling ${m.lan} takes its own rook`)
        assert.equal(chess.get(m.to)?.color, m.color)
        assert.match(m.san, /^O-O(-O)?[+#]?$/)
      }
      const pick = castling.length && rand() < 0.5 ? castling[0] : moves[Math.floor(rand() * moves.length)]
      const form = rand()
      const arg = form < 0.5 ? pick.san : { from: pick.from, to: pick.to, promotion: pick.promotion }
      const played = chess.move(arg)
      assert.deepEqual(JSON.parse(JSON.stringify(played)), JSON.parse(JSON.stringify(pick)))
      if (pick.isKingsideCastle() || pick.isQueensideCastle()) castles++
      assert.equal(chess.undo().after, played.after)
      assert.equal(chess.fen(), here)
      chess.move(pick.lan)
      assert.equal(chess.fen(), played.after)
    }
  }
  assert.ok(castles > 0, 'some games castled')
})

test('a standard Chess still refuses Shredder castling letters, as chess.js does', () => {
  const fen = SUITE[0].fen
  assert.throws(() => new Chess(fen), { message: 'Invalid FEN: castling availability is invalid' })
  assert.throws(() => new Chess('8/8/8/8/8/8/8/8 w - - 0 1', { chess960: true }), /missing white king/)
})

test('setCastlingRights in Chess960: a cleared right goes, a set one names the outermost rook', () => {
  // Law, on every suite position: clearing a right it has removes exactly
  // that side's letter from fen() and its right from getCastlingRights,
  // moves the hash, and setting it again gives the position back.
  for (const { fen } of SUITE) {
    const chess = new Chess(fen, { chess960: true })
    const start = chess.fen()
    for (const color of ['w', 'b']) {
      for (const side of ['k', 'q']) {
        if (!chess.getCastlingRights(color)[side]) continue
        const before = chess.hash()
        assert.equal(chess.setCastlingRights(color, { [side]: false }), true)
        const letter = color === 'w' ? side.toUpperCase() : side
        const fields = start.split(' ')
        fields[2] = fields[2].replace(letter, '') || '-'
        assert.equal(chess.fen(), fields.join(' '), `${fen} ${letter}`)
        assert.equal(chess.getCastlingRights(color)[side], false)
        assert.notEqual(chess.hash(), before, `${fen} ${color} ${side}`)
        assert.equal(chess.setCastlingRights(color, { [side]: true }), true)
        assert.equal(chess.fen(), start)
        assert.equal(chess.hash(), before)
      }
    }
  }
  // No rook on a side: the right is refused (false), nothing changes.
  const lone = new Chess('4k3/8/8/8/8/8/8/1R2K3 w - - 0 1', { chess960: true })
  assert.equal(lone.setCastlingRights('w', { k: true }), false)
  assert.equal(lone.setCastlingRights('w', { q: true }), true)
  assert.equal(lone.fen(), '4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1')
  assert.deepEqual(lone.moves({ verbose: true }).filter((m) => m.isQueensideCastle()).map((m) => m.lan), ['e1b1'])
  // Two rooks on a side: the outermost one; the king off its back rank: none.
  const two = new Chess('4k3/8/8/8/8/8/8/R1R1K3 w - - 0 1', { chess960: true })
  assert.equal(two.setCastlingRights('w', { q: true }), true)
  assert.deepEqual(two.moves({ verbose: true }).filter((m) => m.isQueensideCastle()).map((m) => m.lan), [])
  assert.equal(two.fen(), '4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1')
  const off = new Chess('4k3/8/8/8/8/8/4K3/R6R w - - 0 1', { chess960: true })
  assert.equal(off.setCastlingRights('w', { k: true, q: true }), false)
  assert.equal(off.fen(), '4k3/8/8/8/8/8/4K3/R6R w - - 0 1')
  // Undo gives back the rights the move took.
  const played = new Chess('rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1', { chess960: true })
  played.setCastlingRights('b', { k: false })
  const edited = played.fen()
  played.move('O-O-O')
  played.undo()
  assert.equal(played.fen(), edited)
})

test('the PGN Variant tag: written by a Chess960 game, read back, another variant refused', () => {
  const chess = new Chess('rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1', { chess960: true })
  chess.move('O-O-O')
  chess.move('O-O-O')
  const pgn = chess.pgn()
  assert.match(pgn, /\[Variant "Chess960"\]/)
  assert.match(pgn, /1\. O-O-O O-O-O \*$/)
  for (const tag of ['Chess960', 'chess 960', 'Fischerandom', 'Fischer Random']) {
    const read = new Chess(undefined, { chess960: true })
    read.loadPgn(pgn.replace('Chess960', tag))
    assert.equal(read.fen(), chess.fen(), tag)
    assert.equal(read.getHeaders().Variant, tag)
  }
  const other = new Chess(undefined, { chess960: true })
  assert.throws(() => other.loadPgn('[Variant "Atomic"]\n\n1. e4 *'), {
    message: 'Invalid PGN: Variant "Atomic" is not Chess960',
  })
  // A standard game writes no Variant tag, as chess.js.
  assert.doesNotMatch(new Chess().pgn(), /Variant/)
  assert.equal(new Chess(undefined, { chess960: true }).getHeaders().Variant, 'Chess960')
})
