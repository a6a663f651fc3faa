// bitmoves against chess.js 1.4 in one Node process, on the same inputs:
// each operation runs in rounds that alternate the two libraries (a round
// repeats its run for at least 20 ms), and the table gives each one's
// median time per call and the ratio.
//
//   cargo xtask js --build && node crates/js/bench/bench.mjs [ROUNDS] [FILTER]
//
// FILTER (a substring) runs only the operations whose name holds it.
//
// Positions: 400 from seeded random games (the same for both). The PGN
// file is chess.js's own benchmark file (100 Lichess games).

import { readFileSync } from 'node:fs'
import * as bitmoves from '../dist/chess.mjs'
import * as chessjs from 'chess.js'

const ROUNDS = Number(process.argv[2] ?? 7)
const FILTER = process.argv[3] ?? ''

function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** 400 positions from random games (FEN), by chess.js. */
function positions() {
  const rand = random(57)
  const fens = []
  while (fens.length < 400) {
    const game = new chessjs.Chess()
    for (let ply = 0; ply < 80 && fens.length < 400; ply++) {
      const moves = game.moves()
      if (moves.length === 0) break
      game.move(moves[Math.floor(rand() * moves.length)])
      if (ply % 4 === 3) fens.push(game.fen())
    }
  }
  return fens
}

const FENS = positions()
const PGN = readFileSync(new URL('../node_modules/chess.js/benchmarks/benchmark.pgn', import.meta.url), 'utf8')
const GAMES = PGN.split(/\n\n(?=\[Event)/)

/** The operations: each makes its inputs once, then `run` does `calls` calls. */
const OPERATIONS = [
  {
    name: 'moves()',
    setup: (lib) => FENS.map((fen) => new lib.Chess(fen)),
    run: (games) => games.forEach((g) => g.moves()),
    calls: FENS.length,
  },
  {
    name: 'moves({verbose: true})',
    setup: (lib) => FENS.map((fen) => new lib.Chess(fen)),
    run: (games) => games.forEach((g) => g.moves({ verbose: true })),
    calls: FENS.length,
  },
  {
    name: 'move(san) + undo()',
    setup: (lib) => FENS.map((fen) => [new lib.Chess(fen), new chessjs.Chess(fen).moves()[0]]).filter(([, san]) => san),
    run: (games) =>
      games.forEach(([g, san]) => {
        g.move(san)
        g.undo()
      }),
    calls: FENS.length,
  },
  {
    // bitmoves keeps a position's FEN until it changes: this row is the
    // first call on each position (the bench drops the kept FEN first).
    name: 'fen() (first call on a position)',
    setup: (lib) => FENS.map((fen) => new lib.Chess(fen)),
    run: (games) =>
      games.forEach((g) => {
        if ('_fen' in g) g._fen = undefined
        g.fen()
      }),
    calls: FENS.length,
  },
  {
    // How chess.js users meet a new position: move(), then fen(); undo()
    // brings the position back for the next round.
    name: 'move(san) + fen() + undo()',
    setup: (lib) => FENS.map((fen) => [new lib.Chess(fen), new chessjs.Chess(fen).moves()[0]]).filter(([, san]) => san),
    run: (games) =>
      games.forEach(([g, san]) => {
        g.move(san)
        g.fen()
        g.undo()
      }),
    calls: FENS.length,
  },
  {
    name: 'fen() (again, same position)',
    setup: (lib) => FENS.map((fen) => new lib.Chess(fen)),
    run: (games) => games.forEach((g) => g.fen()),
    calls: FENS.length,
  },
  {
    name: 'loadPgn (one game)',
    setup: (lib) => new lib.Chess(),
    run: (game) => GAMES.forEach((pgn) => game.loadPgn(pgn)),
    calls: GAMES.length,
  },
  {
    name: 'perft(5)',
    setup: (lib) => new lib.Chess(),
    run: (game) => game.perft(5),
    calls: 1,
    rounds: 1,
  },
]

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const format = (seconds) =>
  seconds >= 1e-3 ? `${(seconds * 1e3).toFixed(2)} ms` : `${(seconds * 1e6).toFixed(2)} µs`

console.log(`node ${process.version}, ${ROUNDS} rounds, medians per call\n`)
console.log('| operation | chess.js 1.4.0 | bitmoves | speed-up |')
console.log('|---|---:|---:|---:|')
for (const op of OPERATIONS.filter((op) => op.name.includes(FILTER))) {
  const inputs = { chessjs: op.setup(chessjs), bitmoves: op.setup(bitmoves) }
  const times = { chessjs: [], bitmoves: [] }
  for (const [name, input] of Object.entries(inputs)) op.run(input) // warm-up
  for (let round = 0; round < (op.rounds ?? ROUNDS); round++) {
    const order = round % 2 === 0 ? ['chessjs', 'bitmoves'] : ['bitmoves', 'chessjs']
    for (const name of order) {
      // A round repeats the run for at least 20 ms (a short run would time
      // code the JIT has not optimized yet), then times it per call.
      const start = process.hrtime.bigint()
      let runs = 0
      let elapsed = 0
      do {
        op.run(inputs[name])
        runs++
        elapsed = Number(process.hrtime.bigint() - start) / 1e9
      } while (elapsed < 0.02)
      times[name].push(elapsed / runs / op.calls)
    }
  }
  const a = median(times.chessjs)
  const b = median(times.bitmoves)
  console.log(`| \`${op.name}\` | ${format(a)} | ${format(b)} | ${(a / b).toFixed(1)}× |`)
}
