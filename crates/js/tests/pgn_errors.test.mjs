// PGN that chess.js's parser refuses: the package throws chess.js's error
// (peggy's SyntaxError: same name, message, `expected`, `found` and
// `location`), on hand-written bad input and on seeded random edits of
// good PGN; where chess.js reads an edited PGN, the package reads it the
// same (the same `pgn()`, or the same `Invalid move in PGN` error).

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { Chess } from '../dist/chess.mjs'
import { Chess as Theirs } from 'chess.js'

function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** What `loadPgn` does with `pgn` in one library: its PGN after, or its error. */
function outcome(Library, pgn, options) {
  const chess = new Library()
  try {
    chess.loadPgn(pgn, options)
  } catch (e) {
    const error = { name: e.name, message: e.message, isError: e instanceof Error }
    if (e.name === 'SyntaxError') {
      Object.assign(error, { expected: e.expected, found: e.found, location: e.location })
    }
    return { error }
  }
  return { pgn: chess.pgn() }
}

function agree(pgn, options = {}) {
  const expected = outcome(Theirs, pgn, options)
  const actual = outcome(Chess, pgn, options)
  assert.deepEqual(actual, expected, JSON.stringify(pgn))
  return expected
}

test("bad PGN throws chess.js's SyntaxError, word for word", () => {
  const bad = [
    '1. e4 e5 2. Nf3 )',
    '1. e4 (',
    '1. e4 ( {hello} ) e5 *',
    '1. e4 (1. d4 d5',
    '1. e4 ((1. d4)) *',
    '{c} (1. d4) 1. e4 *',
    '( 1. d4 ) 1. e4 *',
    '[Event "x"',
    '[Event "x"]\n[Site',
    '[Event x] 1. e4',
    '%',
    '1. e4 {unclosed',
    '1. e4 $',
    '1. e4 $x',
    '1. e4 e5 1-0 e4',
    '1. e4 e5 * *',
    '1. e4 e5 1/2 *',
    '1.',
    '1. 2.',
    '1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6 @',
    '[Event "a"]\n\n1. e4 e5 2. ! Nf3',
    '1. e4!!! e5',
    '1. e4 e5 ;comment\n2. Nf3 }',
    '1. e4 \t\r\n  e5 \u00e9',
    'e',
    '1-0 1. e4',
    '*)',
    '  \n  (',
  ]
  for (const pgn of bad) {
    const { error } = agree(pgn)
    assert.equal(error?.name, 'SyntaxError', pgn)
  }
  // With the package's own option, the same errors.
  for (const pgn of bad) {
    assert.deepEqual(
      outcome(Chess, pgn, { variations: true }).error,
      outcome(Theirs, pgn).error,
      pgn,
    )
  }
})

test('random edits of good PGN: the same error, or the same game', () => {
  const games = readFileSync(new URL('../node_modules/chess.js/benchmarks/benchmark.pgn', import.meta.url), 'utf8')
    .split(/\n\n(?=\[Event)/)
    .slice(0, 6)
    .map((game) => game.slice(0, 700))
  const sources = [
    ...games,
    '[Event "v"]\n\n1. e4 $1 {best} (1. d4 d5 (1... Nf6 2. c4)) 1... e5 2. Nf3 ; rest\n2... Nc6 *',
    '{start} 1. e4!? e5?! 2. Nf3 Nc6 3. Bb5 {Spanish} a6 (3... Nf6 4. O-O) 4. Ba4 1-0 {done}',
    '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O Kd7 2. Rf1 *',
  ]
  const alphabet = ' \n{}();$!?.0123456789-=+#*/[]"abcdefghNBRQKOx%'
  const rand = random(4242)
  const pick = (n) => Math.floor(rand() * n)
  let refused = 0
  let read = 0
  for (let i = 0; i < 1500; i++) {
    let pgn = sources[i % sources.length]
    for (let edits = 1 + pick(3); edits > 0; edits--) {
      const at = pick(pgn.length + 1)
      const kind = pick(3)
      if (kind === 0) pgn = pgn.slice(0, at) + pgn.slice(at + 1)
      else if (kind === 1) pgn = pgn.slice(0, at) + alphabet[pick(alphabet.length)] + pgn.slice(at)
      else pgn = pgn.slice(0, at) + pgn.slice(at, at + 1 + pick(6)).repeat(2) + pgn.slice(at + 7)
    }
    const result = agree(pgn, { strict: i % 5 === 0 })
    if (result.error?.name === 'SyntaxError') refused++
    else read++
  }
  // Both kinds are common enough to mean something.
  assert.ok(refused > 200 && read > 200, `refused ${refused}, read ${read}`)
})
