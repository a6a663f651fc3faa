// bitmoves: chess.js 1.4's constants, `Move`, `validateFen` and the glue
// to the wasm module. scripts/build.mjs joins core.js, pgn.js and chess.js
// (the `Chess` class) and puts a loader after them (load.mjs for ES
// modules, load.cjs for CommonJS), which calls `bind` with the wasm
// module's exports and exports the public names. The game lives in wasm
// memory; a call returns packed numbers and text decoded once, and `Move`
// objects are made only when asked for.

/* eslint-disable no-unused-vars */
const WHITE = 'w'
const BLACK = 'b'
const PAWN = 'p'
const KNIGHT = 'n'
const BISHOP = 'b'
const ROOK = 'r'
const QUEEN = 'q'
const KING = 'k'
const DEFAULT_POSITION =
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

const FILES = 'abcdefgh'
/** Square names by bitmoves index: a1 = 0 … h8 = 63. */
const NAMES = Array.from({ length: 64 }, (_, i) => FILES[i % 8] + ((i >> 3) + 1))
/** chess.js's order: a8 … h1. */
const SQUARES = Array.from({ length: 64 }, (_, i) => NAMES[(7 - (i >> 3)) * 8 + (i & 7)])
const INDEX = Object.assign(Object.create(null), Object.fromEntries(NAMES.map((n, i) => [n, i])))
const KINDS = ['', 'p', 'n', 'b', 'r', 'q', 'k']
const KIND_CODE = { p: 1, n: 2, b: 3, r: 4, q: 5, k: 6 }

const SEVEN_TAG_ROSTER = {
  Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: '*',
}
const SUPPLEMENTAL_TAGS = [
  'WhiteTitle', 'BlackTitle', 'WhiteElo', 'BlackElo', 'WhiteUSCF', 'BlackUSCF', 'WhiteNA',
  'BlackNA', 'WhiteType', 'BlackType', 'EventDate', 'EventSponsor', 'Section', 'Stage', 'Board',
  'Opening', 'Variation', 'SubVariation', 'ECO', 'NIC', 'Time', 'UTCTime', 'UTCDate',
  'TimeControl', 'SetUp', 'FEN', 'Termination', 'Annotator', 'Mode', 'PlyCount',
]
const headerTemplate = () => {
  const header = { ...SEVEN_TAG_ROSTER }
  for (const tag of SUPPLEMENTAL_TAGS) header[tag] = null
  return header
}

// --- the wasm module -------------------------------------------------------

let W = null
let bytes = new Uint8Array(0)
let ints = new Int32Array(0)
const decoder = new TextDecoder()
const encoder = new TextEncoder()
const registry =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((ptr) => W.bm_free(ptr))
    : null

function bind(exports) {
  W = exports
}

function memory() {
  // A view of a grown memory's old buffer is detached: its length is 0
  // (cheaper to ask than `W.memory.buffer`, a getter into the engine).
  if (bytes.length === 0) {
    bytes = new Uint8Array(W.memory.buffer)
    ints = new Int32Array(W.memory.buffer)
  }
}

/** The text output of the last call, `len` bytes. */
function text(len) {
  memory()
  const at = W.bm_text()
  return decoder.decode(bytes.subarray(at, at + len))
}

/** The number output of the last call, `n` values. */
function numbers(n) {
  memory()
  const at = W.bm_ints() >> 2
  return ints.subarray(at, at + n)
}

/** Writes `s` into the input buffer. */
function input(s) {
  let ascii = true
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 127) {
      ascii = false
      break
    }
  }
  if (ascii) {
    const at = W.bm_in(s.length)
    memory()
    for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i)
    return
  }
  const encoded = encoder.encode(s)
  const at = W.bm_in(encoded.length)
  memory()
  bytes.set(encoded, at)
}

// --- FEN from numbers ---------------------------------------------------------

// `fen()` joins chess.js's FEN from bm_fen_fields' numbers (src/fen.rs)
// and strings kept here (decoding 60 bytes of text costs more than the
// whole call): the text of each two ranks, with the `/`s, by their two
// numbers (a base-13 digit a square, each a small integer); the side,
// castling and en passant fields by theirs. The two ranks' texts are kept
// in an open-addressing table (a `Map` by one rank's number cost 25 ns a
// lookup, and eight lookups and joins were most of the call): the numbers
// in two Int32Arrays, the texts beside them.
const PIECE_LETTERS = ' PNBRQKpnbrqk'
const MIDDLES = Array.from({ length: 2 * 16 * 65 }, (_, i) => {
  const castling = ['K', 'Q', 'k', 'q'].filter((_, bit) => (i >> 1) & 15 & (1 << bit)).join('')
  const ep = (i >> 5) - 1
  return (i & 1 ? ' b ' : ' w ') + (castling || '-') + ' ' + (ep < 0 ? '-' : NAMES[ep]) + ' '
})
const PAIR_BITS = 13
const PAIR_SLOTS = 1 << PAIR_BITS
/** No rank number (they are ≥ 0); the 1st and 2nd ranks' pair is keyed -1 - number. */
const NO_PAIR = -0x40000000
const pairUpper = new Int32Array(PAIR_SLOTS).fill(NO_PAIR)
const pairLower = new Int32Array(PAIR_SLOTS)
const pairTexts = new Array(PAIR_SLOTS).fill('')
let pairCount = 0

// Single ranks' texts, by number, for the two-rank table's misses (a
// position not met before still shares most ranks with others).
const rankNumbers = new Int32Array(PAIR_SLOTS).fill(NO_PAIR)
const rankTexts = new Array(PAIR_SLOTS).fill('')
let rankCount = 0

/** The text of a rank by its number (a base-13 digit a square, the a-file lowest), then `/`. */
function rankText(code) {
  let slot = Math.imul(code, 0x9e3779b1) >>> (32 - PAIR_BITS)
  for (;;) {
    const found = rankNumbers[slot]
    if (found === code) return rankTexts[slot]
    if (found === NO_PAIR) break
    slot = (slot + 1) & (PAIR_SLOTS - 1)
  }
  if (rankCount >= PAIR_SLOTS >> 1) {
    rankNumbers.fill(NO_PAIR)
    rankCount = 0
    return rankText(code)
  }
  rankNumbers[slot] = code
  rankCount++
  return (rankTexts[slot] = rankTextOf(code))
}

/** A rank's text made from its number. */
function rankTextOf(code) {
  let s = ''
  let empty = 0
  for (let file = 0; file < 8; file++) {
    const piece = code % 13
    code = (code - piece) / 13
    if (piece === 0) {
      empty++
      continue
    }
    if (empty) s += empty
    empty = 0
    s += PIECE_LETTERS[piece]
  }
  if (empty) s += empty
  return s + '/'
}

/**
 * The text of two ranks by their numbers, `upper` the higher rank's (for
 * the 2nd and 1st ranks, -1 - number: the 1st rank has no `/` after it).
 */
function pairText(upper, lower) {
  let slot = Math.imul(Math.imul(upper, 0x85ebca6b) ^ lower, 0x9e3779b1) >>> (32 - PAIR_BITS)
  for (;;) {
    const found = pairUpper[slot]
    if (found === upper && pairLower[slot] === lower) return pairTexts[slot]
    if (found === NO_PAIR) break
    slot = (slot + 1) & (PAIR_SLOTS - 1)
  }
  // Bounded: a long session meets many ranks; start again at half full.
  if (pairCount >= PAIR_SLOTS >> 1) {
    pairUpper.fill(NO_PAIR)
    pairCount = 0
    return pairText(upper, lower)
  }
  const text =
    upper < 0 ? rankText(-1 - upper) + rankText(lower).slice(0, -1) : rankText(upper) + rankText(lower)
  pairUpper[slot] = upper
  pairLower[slot] = lower
  pairTexts[slot] = text
  pairCount++
  return text
}

/** chess.js's FEN of the game `ptr` (not Chess960). */
function fenOf(ptr) {
  const at = W.bm_fen_fields(ptr) >> 2
  memory()
  const f = ints
  return (
    pairText(f[at], f[at + 1]) + pairText(f[at + 2], f[at + 3]) + pairText(f[at + 4], f[at + 5]) +
    pairText(-1 - f[at + 6], f[at + 7]) +
    MIDDLES[f[at + 8] | (f[at + 9] << 1) | ((f[at + 10] + 1) << 5)] + f[at + 11] + ' ' + f[at + 12]
  )
}

// --- moves -------------------------------------------------------------------

const FLAG_LETTERS = ['n', 'c', 'b', 'e', 'p', 'k', 'q', '-']

function flagString(bits) {
  let s = ''
  for (let i = 0; i < 8; i++) if (bits & (1 << i)) s += FLAG_LETTERS[i]
  return s
}

/** A move as chess.js describes it. */
class Move {
  /**
   * Made by the package from a packed move, its SAN and FENs (`before` and
   * `after` are defaulted only so that the constructor's arity is
   * chess.js's, 2).
   */
  constructor(packed, san, before = '', after = '') {
    const from = NAMES[packed & 63]
    const to = NAMES[(packed >> 6) & 63]
    const captured = (packed >> 15) & 7
    const promotion = (packed >> 18) & 7
    this.color = before.charAt(before.indexOf(' ') + 1)
    this.piece = KINDS[(packed >> 12) & 7]
    this.from = from
    this.to = to
    this.san = san
    this.lan = from + to
    this.before = before
    this.after = after
    this.flags = flagString((packed >> 21) & 255)
    if (captured) this.captured = KINDS[captured]
    if (promotion) {
      this.promotion = KINDS[promotion]
      this.lan += KINDS[promotion]
    }
  }

  isCapture() {
    return this.flags.indexOf('c') > -1
  }

  isPromotion() {
    return this.flags.indexOf('p') > -1
  }

  isEnPassant() {
    return this.flags.indexOf('e') > -1
  }

  isKingsideCastle() {
    return this.flags.indexOf('k') > -1
  }

  isQueensideCastle() {
    return this.flags.indexOf('q') > -1
  }

  isBigPawn() {
    return this.flags.indexOf('b') > -1
  }
}

/** The move a call that played one wrote (SAN, before, after). */
function playedMove(len) {
  const [san, before, after] = text(len).split('\n')
  return new Move(numbers(1)[0], san, before, after)
}

// --- FEN -------------------------------------------------------------------

function isDigit(c) {
  return '0123456789'.indexOf(c) !== -1
}

/** chess.js's `validateFen`: the same checks, in the same order, with the same messages. */
function validateFen(fen) {
  const tokens = fen.split(/\s+/)
  if (tokens.length !== 6) {
    return { ok: false, error: 'Invalid FEN: must contain six space-delimited fields' }
  }
  const moveNumber = parseInt(tokens[5], 10)
  if (isNaN(moveNumber) || moveNumber <= 0) {
    return { ok: false, error: 'Invalid FEN: move number must be a positive integer' }
  }
  const halfMoves = parseInt(tokens[4], 10)
  if (isNaN(halfMoves) || halfMoves < 0) {
    return {
      ok: false,
      error: 'Invalid FEN: half move counter number must be a non-negative integer',
    }
  }
  if (!/^(-|[abcdefgh][36])$/.test(tokens[3])) {
    return { ok: false, error: 'Invalid FEN: en-passant square is invalid' }
  }
  if (/[^kKqQ-]/.test(tokens[2])) {
    return { ok: false, error: 'Invalid FEN: castling availability is invalid' }
  }
  if (!/^(w|b)$/.test(tokens[1])) {
    return { ok: false, error: 'Invalid FEN: side-to-move is invalid' }
  }
  const rows = tokens[0].split('/')
  if (rows.length !== 8) {
    return { ok: false, error: "Invalid FEN: piece data does not contain 8 '/'-delimited rows" }
  }
  for (const row of rows) {
    let sum = 0
    let previousWasNumber = false
    for (const c of row) {
      if (isDigit(c)) {
        if (previousWasNumber) {
          return { ok: false, error: 'Invalid FEN: piece data is invalid (consecutive number)' }
        }
        sum += parseInt(c, 10)
        previousWasNumber = true
      } else {
        if (!/^[prnbqkPRNBQK]$/.test(c)) {
          return { ok: false, error: 'Invalid FEN: piece data is invalid (invalid piece)' }
        }
        sum += 1
        previousWasNumber = false
      }
    }
    if (sum !== 8) {
      return { ok: false, error: 'Invalid FEN: piece data is invalid (too many squares in rank)' }
    }
  }
  if ((tokens[3][1] == '3' && tokens[1] == 'w') || (tokens[3][1] == '6' && tokens[1] == 'b')) {
    return { ok: false, error: 'Invalid FEN: illegal en-passant square' }
  }
  for (const [color, letter] of [['white', 'K'], ['black', 'k']]) {
    const count = tokens[0].split(letter).length - 1
    if (count === 0) return { ok: false, error: `Invalid FEN: missing ${color} king` }
    if (count > 1) return { ok: false, error: `Invalid FEN: too many ${color} kings` }
  }
  if (Array.from(rows[0] + rows[7]).some((c) => c.toUpperCase() === 'P')) {
    return { ok: false, error: 'Invalid FEN: some pawns are on the edge rows' }
  }
  return { ok: true }
}

// --- SAN parsing (chess.js's permissive forms) ---------------------------------

function strippedSan(move) {
  return move.replace(/=/, '').replace(/[+#]?[?!]*$/, '')
}

function inferPieceType(san) {
  let pieceType = san.charAt(0)
  if (pieceType >= 'a' && pieceType <= 'h') {
    return san.match(/[a-h]\d.*[a-h]\d/) ? undefined : PAWN
  }
  pieceType = pieceType.toLowerCase()
  return pieceType === 'o' ? KING : pieceType
}

/** chess.js's xoroshiro128** generator (BigInt state), as chess.js exports it. */
function xoroshiro128(state) {
  const MASK64 = 0xffffffffffffffffn
  const rotl = (x, k) => ((x << k) | (x >> (64n - k))) & MASK64
  return function () {
    let s0 = BigInt(state & MASK64)
    let s1 = BigInt((state >> 64n) & MASK64)
    const result = (rotl((s0 * 5n) & MASK64, 7n) * 9n) & MASK64
    s1 ^= s0
    s0 = (rotl(s0, 24n) ^ s1 ^ (s1 << 16n)) & MASK64
    s1 = rotl(s1, 37n)
    state = (s1 << 64n) | s0
    return result
  }
}
