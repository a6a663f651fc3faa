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
