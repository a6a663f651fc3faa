// PGN variations, an option beyond chess.js: `loadPgn(pgn, {variations:
// true})` keeps them, `pgn({variations: true})` writes them as
// python-chess's `chess.pgn` does (the oracle, run at test time when
// installed), `variations()` lists them; without the option every answer
// is chess.js's.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { Chess } from '../dist/chess.mjs'
import { Chess as Theirs } from 'chess.js'

const HAND = [
  '{root} 1. e4! $14 {c1} (1. d4 d5 (1... Nf6 {x} 2. c4) 2. c4) (1. c4) 1... e5 {c2} 2. Nf3 (2. f4 exf4) Nc6 *',
  '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]\n\n1... e5 (1... c5 2. Nf3 ({pre} 2. c3?! d5)) 2. Nf3 1-0',
  '1. e4 e5 2. Qh5 (2. Nf3 (2. Bc4 Nc6 (2... Nf6 (2... Bc5 3. Qh5 (3. Qf3 d6 (3... Nc6 4. Qxf7#))))) 2... Nc6) Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0',
  '1. d4 d5 2. c4 dxc4 (2... e6 $10 3. Nc3 c6 ({alt} 3... Nf6 4. Bg5)) 3. e3 $2 $18 {gambit} *',
]

/** Seeded random PGN trees: legal moves, NAGs, comments, variations nested to `depth`. */
function randomPgn(seed, depth) {
  let state = seed
  const rand = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return Math.floor((state / 2147483648) * n)
  }
  const chess = new Chess()
  const line = (level, length) => {
    const out = []
    let played = 0
    for (let i = 0; i < length; i++) {
      const moves = chess.moves()
      if (!moves.length) break
      const [, side, , , , number] = chess.fen().split(' ')
      const san = moves[rand(moves.length)]
      out.push(side === 'w' ? `${number}.` : `${number}...`, san)
      chess.move(san)
      played++
      if (rand(4) === 0) out.push('$' + (1 + rand(20)))
      if (rand(5) === 0) out.push(`{c${rand(100)}}`)
      for (let v = 0; level > 0 && v < 2 && rand(3) === 0; v++) {
        chess.undo()
        out.push('(', line(level - 1, 1 + rand(6)), ')')
        chess.move(san)
      }
    }
    for (let i = 0; i < played; i++) chess.undo()
    return out.join(' ')
  }
  return line(depth, 10 + rand(30)) + ' *'
}

/** python-chess's movetext for each PGN, or null without python-chess. */
function pythonChess(pgns) {
  const script =
    'import chess.pgn, io, json, sys\n' +
    'out = [chess.pgn.read_game(io.StringIO(p)).accept(chess.pgn.StringExporter(headers=False, columns=None))' +
    ' for p in json.load(sys.stdin)]\nprint(json.dumps(out))'
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(pgns), encoding: 'utf8' })
  if (run.status !== 0) return null
  return JSON.parse(run.stdout)
}

/** Both writers' forms made one: no spaces inside parentheses and braces. */
const normal = (text) => text.replace(/\( /g, '(').replace(/ \)/g, ')').replace(/\{ /g, '{').replace(/ \}/g, '}')
const movetext = (pgn) => pgn.slice(pgn.lastIndexOf('\n\n') + 2)

const withVariations = (pgn) => {
  const chess = new Chess()
  chess.loadPgn(pgn, { variations: true })
  return chess.pgn({ variations: true })
}

test('pgn({variations: true}) writes the movetext python-chess writes, for nested variations, comments and NAGs', (t) => {
  const pgns = [...HAND]
  for (let seed = 1; seed <= 60; seed++) pgns.push(randomPgn(seed, 1 + (seed % 4)))
  const expected = pythonChess(pgns)
  if (expected === null) {
    t.skip('python-chess is not installed (python3 -c "import chess.pgn")')
    return
  }
  pgns.forEach((pgn, i) => assert.equal(movetext(withVariations(pgn)), normal(expected[i]), pgn))
})

test('variations round trip: written, read again, written the same', () => {
  for (let seed = 100; seed < 140; seed++) {
    const first = withVariations(randomPgn(seed, 3))
    assert.equal(withVariations(first), first)
    const wrapped = new Chess()
    wrapped.loadPgn(first, { variations: true })
    const narrow = wrapped.pgn({ variations: true, maxWidth: 40, newline: '\r\n' })
    for (const row of movetext(narrow).split('\r\n')) assert.ok(row.length <= 40 || !row.includes(' '), row)
    assert.equal(withVariations(narrow.replace(/\r\n/g, '\n')), first)
  }
})

test('without the option, loadPgn and pgn answer as chess.js on PGN with variations', () => {
  const pgns = [...HAND]
  for (let seed = 200; seed < 220; seed++) pgns.push(randomPgn(seed, 3))
  for (const pgn of pgns) {
    const ours = new Chess()
    const theirs = new Theirs()
    ours.loadPgn(pgn)
    theirs.loadPgn(pgn)
    assert.equal(ours.pgn(), theirs.pgn(), pgn)
    assert.equal(ours.pgn({ maxWidth: 30 }), theirs.pgn({ maxWidth: 30 }))
    assert.deepEqual(ours.getComments(), theirs.getComments())
    assert.deepEqual(ours.variations(), [])
    // Kept variations change nothing chess.js answers.
    const kept = new Chess()
    kept.loadPgn(pgn, { variations: true })
    assert.equal(kept.pgn(), theirs.pgn())
    assert.equal(kept.fen(), theirs.fen())
    assert.equal(kept.hash(), theirs.hash())
    assert.deepEqual(kept.history(), theirs.history())
    assert.deepEqual(kept.getComments(), theirs.getComments())
  }
})

test('variations() lists the alternatives at the current position, nested ones after their moves', () => {
  const chess = new Chess()
  chess.loadPgn(HAND[0], { variations: true })
  assert.deepEqual(chess.variations(), [])
  chess.undo()
  chess.undo()
  assert.deepEqual(chess.variations(), [['f4', 'exf4']])
  chess.undo()
  chess.undo()
  assert.deepEqual(chess.variations(), [['d4', 'd5', 'c4'], ['c4']])
  chess.move('d4')
  assert.deepEqual(chess.variations(), [['Nf6', 'c4']])
  // SAN is the package's own: `0-0` and over-disambiguation read permissively.
  chess.loadPgn('1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Nb1c3?? (4. 0-0 Nf6) *', { variations: true })
  chess.undo()
  assert.deepEqual(chess.variations(), [['O-O', 'Nf6']])
  // A load without the option, or clear(), forgets them.
  chess.loadPgn('1. e4 (1. d4) e5 *')
  chess.undo()
  chess.undo()
  assert.deepEqual(chess.variations(), [])
})

test('hostile variations: chess.js errors for bad syntax, the move named for an illegal move', () => {
  const bad = [
    '1. e4 (1. d4 d5',
    '1. e4 (1. d4 (1. c4) e5 *',
    '( 1. d4 ) 1. e4 *',
    '{c} (1. d4) 1. e4 *',
    '1. e4 e5 ) *',
    '1. e4 (1. d4)) e5 *',
    '1. e4 ((1. d4)) *',
  ]
  for (const pgn of bad) {
    let error
    assert.throws(() => new Theirs().loadPgn(pgn), (e) => ((error = e), true), pgn)
    for (const variations of [false, true]) {
      assert.throws(() => new Chess().loadPgn(pgn, { variations }), { name: 'SyntaxError', message: error.message }, pgn)
    }
  }
  const illegal = [
    ['1. e4 (1. e5) e5 *', 'e5'],
    ['1. e4 e5 (1... Nf6 2. Ke3) 2. Nf3 *', 'Ke3'],
    ['1. e4 (1. d4 d5 (1... Nf6 2. Nf3 Ng8 3. Qxd8)) e5 *', 'Qxd8'],
    ['1. e4 (1. Ng1f3) e5 *', 'Ng1f3'],
  ]
  for (const [pgn, move] of illegal) {
    const theirs = new Theirs()
    theirs.loadPgn(pgn)
    const ours = new Chess()
    ours.loadPgn(pgn)
    assert.equal(ours.pgn(), theirs.pgn())
    assert.throws(() => ours.loadPgn(pgn, { variations: true, strict: move === 'Ng1f3' }), {
      message: `Invalid move in PGN: ${move}`,
    })
    assert.equal(ours.moves().length > 0, true)
  }
  // Permissive reading of an over-disambiguated move in a variation.
  assert.equal(movetext(withVariations('1. e4 (1. Ng1f3) e5 *')), '1. e4 (1. Nf3) 1... e5 *')
  // Empty variations are dropped; deep nesting does not overflow.
  assert.equal(movetext(withVariations('1. e4 () ({c}) e5 *')), '1. e4 e5 *')
  const deep = '1. e4 ' + '(1. d4 '.repeat(200) + ')'.repeat(200) + ' e5 *'
  assert.equal(movetext(withVariations(deep)), '1. e4 ' + '(1. d4) '.repeat(200) + '1... e5 *')
})

test('variations in a Chess960 game: castling read, kept and written back', () => {
  const chess = new Chess(undefined, { chess960: true })
  const pgn = '[FEN "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1"]\n\n1. O-O-O (1. O-O O-O (1... Kc8)) 1... O-O *'
  chess.loadPgn(pgn, { variations: true })
  const written = chess.pgn({ variations: true })
  assert.equal(movetext(written), '1. O-O-O (1. O-O O-O (1... Kc8)) 1... O-O *')
  chess.undo()
  chess.undo()
  assert.deepEqual(chess.variations(), [['O-O', 'O-O']])
  assert.equal(chess.move('O-O').lan, 'b1g1')
  assert.deepEqual(chess.variations(), [['Kc8']])
  const again = new Chess(undefined, { chess960: true })
  again.loadPgn(written, { variations: true })
  assert.equal(again.pgn({ variations: true }), written)
})

/**
 * python-chess's movetext after each step of `steps` ('undo' or a UCI
 * move) on each PGN's game: undo() drops the move (chess.js's undo; a
 * move of a kept variation stays kept, and a main-line move played again
 * comes back with its comment and NAGs; kept variations stay in the order
 * they were read), a move played follows the
 * variation that has it (promoted to the main line) or starts a new one,
 * and what follows the current position is not written.
 */
function pythonChessSteps(cases) {
  const script = `
import chess.pgn, io, json, sys
out = []
for pgn, steps in json.load(sys.stdin):
    game = chess.pgn.read_game(io.StringIO(pgn))
    main = set(id(n) for n in game.mainline())
    kept = set()
    place = {}
    stack = [game]
    while stack:
        n = stack.pop()
        stack.extend(n.variations)
        for i, child in enumerate(n.variations):
            place[id(child)] = i
        if n is not game and id(n) not in main:
            kept.add(id(n))
    node = game.end()
    detached = {}
    texts = []
    for step in steps:
        if step == 'undo':
            parent = node.parent
            if id(node) not in kept:
                parent.variations.remove(node)
                detached[(id(parent), node.move.uci())] = node
            # Kept variations stay in the order they were read.
            parent.variations.sort(key=lambda c: place.get(id(c), len(place)))
            node = parent
        else:
            child = None
            if (id(node), step) in detached:
                child = detached.pop((id(node), step))
                node.variations.insert(0, child)
            if child is None:
                child = next((c for c in node.variations if c.move.uci() == step), None)
            if child is None:
                child = node.add_variation(chess.Move.from_uci(step))
            node.promote_to_main(child)
            node = child
        saved = node.variations
        node.variations = []
        texts.append(game.accept(chess.pgn.StringExporter(headers=False, columns=None)))
        node.variations = saved
    out.append(texts)
print(json.dumps(out))
`
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(cases), encoding: 'utf8', maxBuffer: 1 << 28 })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout)
}

test('undo() then moves: a kept variation played is followed, the undone line is dropped (python-chess as the oracle)', (t) => {
  const pgns = [
    '1. e4 e5 (1... c5 2. Nc3 (2. Nf3 d6)) 2. Nf3 *',
    ...HAND.slice(2),
    ...Array.from({ length: 24 }, (_, i) => randomPgn(100 + i, 1 + (i % 2))),
  ]
  let state = 57
  const rand = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648
    return Math.floor((state / 2147483648) * n)
  }
  const cases = []
  const ours = []
  for (const pgn of pgns) {
    const chess = new Chess()
    chess.loadPgn(pgn, { variations: true })
    const steps = []
    const texts = []
    for (let i = 0; i < 40; i++) {
      if (chess.history().length && rand(2) === 0) {
        chess.undo()
        steps.push('undo')
      } else {
        const kept = chess.variations()
        const legal = chess.moves()
        if (!legal.length) continue
        const san = kept.length && rand(3) > 0 ? kept[rand(kept.length)][0] : legal[rand(legal.length)]
        steps.push(chess.move(san).lan)
      }
      const text = chess.pgn({ variations: true })
      texts.push(normal(text.split('\n').filter((l) => !l.startsWith('[')).join('\n').trim()))
    }
    cases.push([pgn, steps])
    ours.push(texts)
  }
  const expected = pythonChessSteps(cases)
  if (expected === null) {
    t.skip('python-chess is not installed (python3 -c "import chess.pgn")')
    return
  }
  let followed = 0
  for (let i = 0; i < cases.length; i++) {
    for (let j = 0; j < cases[i][1].length; j++) {
      assert.equal(ours[i][j], normal(expected[i][j]), `${cases[i][0]}\nsteps ${cases[i][1].slice(0, j + 1).join(' ')}`)
    }
    followed += cases[i][1].filter((s) => s !== 'undo').length
  }
  assert.ok(followed > 500, `${followed} moves played`)
})

test('a comment in an empty variation is dropped, with the option or without, as chess.js drops it', () => {
  const pgns = [
    '1. e4 ({hello}) e5 *',
    '1. e4 e5 ({c}) *',
    '1. e4 ({a}) ({b} 1. d4) e5 *',
    '1. e4 {x} ({hello}) e5 *',
    '1. e4 (;line\n) e5 *',
    '1. e4 (1. d4 ({n}) d5) e5 *',
  ]
  for (const pgn of pgns) {
    const theirs = new Theirs()
    theirs.loadPgn(pgn)
    for (const variations of [false, true]) {
      const ours = new Chess()
      ours.loadPgn(pgn, { variations })
      assert.equal(ours.pgn(), theirs.pgn(), pgn)
      assert.deepEqual(ours.getComments(), theirs.getComments(), pgn)
    }
    const kept = new Chess()
    kept.loadPgn(pgn, { variations: true })
    const text = movetext(kept.pgn({ variations: true }))
    assert.ok(!/\{(hello|a|c|n|line)\}/.test(text), `${pgn} => ${text}`)
  }
})
