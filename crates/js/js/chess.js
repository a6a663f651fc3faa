// bitmoves: chess.js 1.4's `Chess` class over a game in wasm memory (see
// core.js for the glue and scripts/build.mjs for how the files join).

// --- the game ------------------------------------------------------------------

/**
 * Chess960's FEN check: chess.js's checks with the castling field set
 * aside, then X-FEN or Shredder-FEN letters there.
 */
function validateFen960(fen) {
  const tokens = fen.split(/\s+/)
  if (tokens.length === 6) {
    const castling = tokens[2]
    tokens[2] = '-'
    const result = validateFen(tokens.join(' '))
    if (!result.ok) return result
    if (!/^(-|[KQkqA-Ha-h]+)$/.test(castling)) {
      return { ok: false, error: 'Invalid FEN: castling availability is invalid' }
    }
    return result
  }
  return validateFen(fen)
}

/** The PGN Variant tags a Chess960 game reads (python-chess's names for it). */
const CHESS960_NAMES = /^(chess ?960|fischer ?random|fischerandom|960)$/i

class Chess {
  /**
   * chess.js's constructor; `{chess960: true}` (beyond chess.js) plays
   * Chess960: X-FEN or Shredder-FEN castling, castling as king-takes-rook
   * (`to` and `lan` name the rook's square, the UCI convention).
   */
  constructor(fen = DEFAULT_POSITION, { skipValidation = false, chess960 = false } = {}) {
    this._ptr = W.bm_new()
    if (registry) registry.register(this, this._ptr)
    this._chess960 = chess960
    W.bm_set_chess960(this._ptr, chess960 ? 1 : 0)
    this._header = headerTemplate()
    this._comments = {}
    this.load(fen, { skipValidation })
  }

  clear({ preserveHeaders = false } = {}) {
    W.bm_clear(this._ptr)
    this._fen = undefined
    this._comments = {}
    this._lines = {}
    this._nags = {}
    this._header = preserveHeaders ? this._header : headerTemplate()
    this._header['SetUp'] = null
    this._header['FEN'] = null
    // Beyond chess.js: a Chess960 game's PGN says so.
    if (this._chess960 && !preserveHeaders) this._header['Variant'] = 'Chess960'
  }

  load(fen, { skipValidation = false, preserveHeaders = false } = {}) {
    let tokens = fen.split(/\s+/)
    if (tokens.length >= 2 && tokens.length < 6) {
      const adjustments = ['-', '-', '0', '1']
      fen = tokens.concat(adjustments.slice(-(6 - tokens.length))).join(' ')
    }
    tokens = fen.split(/\s+/)
    if (!skipValidation) {
      const { ok, error } = (this._chess960 ? validateFen960 : validateFen)(fen)
      if (!ok) throw new Error(error)
    }
    this.clear({ preserveHeaders })
    input(fen)
    W.bm_load(this._ptr)
    this._fen = undefined
    if (this._chess960 && !skipValidation && !W.bm_playable(this._ptr)) {
      throw new Error('Invalid FEN: not a legal Chess960 position')
    }
    this._updateSetup(fen)
  }

  // The FEN is kept until the position changes: move() and undo() hand
  // over the one their Move already holds.
  fen({ forceEnpassantSquare = false } = {}) {
    if (forceEnpassantSquare) return text(W.bm_fen(this._ptr, 1))
    if (this._fen === undefined) {
      this._fen = this._chess960 ? text(W.bm_fen(this._ptr, 0)) : fenOf(this._ptr)
    }
    return this._fen
  }

  _updateSetup(fen) {
    if (W.bm_history_len(this._ptr) > 0) return
    if (fen !== DEFAULT_POSITION) {
      this._header['SetUp'] = '1'
      this._header['FEN'] = fen
    } else {
      this._header['SetUp'] = null
      this._header['FEN'] = null
    }
  }

  reset() {
    this.load(DEFAULT_POSITION)
  }

  get(square) {
    const code = W.bm_get(this._ptr, square in INDEX ? INDEX[square] : -1)
    return code ? { type: KINDS[code & 7], color: code & 8 ? BLACK : WHITE } : undefined
  }

  findPiece(piece) {
    W.bm_board(this._ptr)
    const codes = numbers(64)
    const want = KIND_CODE[piece.type] | (piece.color === BLACK ? 8 : 0)
    return SQUARES.filter((sq) => codes[INDEX[sq]] === want)
  }

  put({ type, color }, square) {
    if ('pnbrqkPNBRQK'.indexOf(type.toLowerCase()) === -1 || !(square in INDEX)) return false
    const placed = W.bm_put(this._ptr, KIND_CODE[type.toLowerCase()], color === WHITE ? 0 : 1, INDEX[square])
    if (!placed) return false
    this._fen = undefined
    this._updateSetup(this.fen())
    return true
  }

  remove(square) {
    const piece = this.get(square)
    W.bm_remove(this._ptr, square in INDEX ? INDEX[square] : -1)
    this._fen = undefined
    this._updateSetup(this.fen())
    return piece
  }

  attackers(square, attackedBy) {
    const color = attackedBy || this.turn()
    const n = W.bm_attackers(this._ptr, square in INDEX ? INDEX[square] : -1, color === BLACK ? 1 : 0)
    return Array.from(numbers(n), (i) => NAMES[i])
  }

  hash() {
    return text(W.bm_hash(this._ptr))
  }

  isAttacked(square, attackedBy) {
    return this.attackers(square, attackedBy).length > 0
  }

  isCheck() {
    return W.bm_in_check(this._ptr) !== 0
  }

  inCheck() {
    return this.isCheck()
  }

  isCheckmate() {
    return (W.bm_status(this._ptr) & 3) === 3
  }

  isStalemate() {
    return (W.bm_status(this._ptr) & 3) === 2
  }

  isInsufficientMaterial() {
    return (W.bm_status(this._ptr) & 4) !== 0
  }

  isThreefoldRepetition() {
    return (W.bm_status(this._ptr) & 8) !== 0
  }

  isDrawByFiftyMoves() {
    return (W.bm_status(this._ptr) & 16) !== 0
  }

  isDraw() {
    const s = W.bm_status(this._ptr)
    return (s & 16) !== 0 || (s & 3) === 2 || (s & 12) !== 0
  }

  isGameOver() {
    const s = W.bm_status(this._ptr)
    return (s & 3) === 3 || (s & 16) !== 0 || (s & 3) === 2 || (s & 12) !== 0
  }

  moves({ verbose = false, square = undefined, piece = undefined } = {}) {
    const forSquare = square ? square.toLowerCase() : undefined
    if (forSquare !== undefined && !(forSquare in INDEX)) return []
    const forPiece = piece ? piece.toLowerCase() : undefined
    const pieceCode = forPiece === undefined ? 0 : KIND_CODE[forPiece] || -1
    if (pieceCode < 0) return []
    const n = W.bm_moves(this._ptr, forSquare === undefined ? -1 : INDEX[forSquare], pieceCode, verbose ? 1 : 0)
    const len = W.bm_text_len()
    if (n === 0) return []
    const lines = text(len).split('\n')
    if (!verbose) {
      lines.length = n
      return lines
    }
    const packed = numbers(n)
    const before = lines[0]
    const out = new Array(n)
    for (let i = 0; i < n; i++) out[i] = new Move(packed[i], lines[1 + 2 * i], before, lines[2 + 2 * i])
    return out
  }

  move(move, { strict = false } = {}) {
    let len = 0
    if (typeof move === 'string') {
      len = this._moveSan(move, strict)
    } else if (move === null) {
      len = this._moveSan('--', strict)
    } else if (typeof move === 'object') {
      const from = move.from in INDEX ? INDEX[move.from] : -1
      const to = move.to in INDEX ? INDEX[move.to] : -1
      // chess.js: a promotion must name its piece; a non-promotion ignores it.
      const promotion = typeof move.promotion === 'string' ? KIND_CODE[move.promotion] || 0 : 0
      len = W.bm_move_squares(this._ptr, from, to, promotion)
    }
    if (len === 0) {
      if (typeof move === 'string') throw new Error(`Invalid move: ${move}`)
      throw new Error(`Invalid move: ${JSON.stringify(move)}`)
    }
    const played = playedMove(len)
    this._fen = played.after
    return played
  }

  /** Plays a SAN as chess.js's `_moveFromSan` reads it; the text length, 0 when none. */
  _moveSan(move, strict) {
    let clean = strippedSan(move)
    if (!strict) {
      if (clean === '0-0') clean = 'O-O'
      else if (clean === '0-0-0') clean = 'O-O-O'
    }
    if (clean === '--') {
      if (this.isCheck()) throw new Error('Null move not allowed when in check')
      return W.bm_null(this._ptr, 0)
    }
    input(clean)
    const len = W.bm_move_san(this._ptr, 0)
    if (len !== 0 || strict) return len
    return this._permissive(clean)
  }

  /** chess.js's permissive SAN forms: overly disambiguated, LAN, missing `x`. */
  _permissive(clean) {
    let piece, from, to, promotion
    let overlyDisambiguated = false
    let matches = clean.match(/([pnbrqkPNBRQK])?([a-h][1-8])x?-?([a-h][1-8])([qrbnQRBN])?/)
    if (!matches) matches = clean.match(/([pnbrqkPNBRQK])?([a-h]?[1-8]?)x?-?([a-h][1-8])([qrbnQRBN])?/)
    if (matches) {
      piece = matches[1]
      from = matches[2]
      to = matches[3]
      promotion = matches[4]
      if (from.length == 1) overlyDisambiguated = true
    }
    const pieceType = piece ? piece.toLowerCase() : inferPieceType(clean)
    if (!to) return 0
    const code = pieceType === undefined ? 0 : KIND_CODE[pieceType] || -1
    if (code < 0) return 0
    const n = W.bm_moves(this._ptr, -1, code, 0)
    if (n === 0) return 0
    const sans = text(W.bm_text_len()).split('\n')
    const packed = Array.from(numbers(n))
    for (let i = 0; i < n; i++) {
      const p = packed[i]
      const mFrom = NAMES[p & 63]
      const mTo = NAMES[(p >> 6) & 63]
      const mPiece = KINDS[(p >> 12) & 7]
      const mPromotion = KINDS[(p >> 18) & 7] || undefined
      let hit = false
      if (!from) {
        hit = clean === strippedSan(sans[i]).replace('x', '')
      } else if (
        (!piece || piece.toLowerCase() == mPiece) &&
        from === mFrom && to === mTo &&
        (!promotion || promotion.toLowerCase() == mPromotion)
      ) {
        hit = true
      } else if (overlyDisambiguated) {
        hit =
          (!piece || piece.toLowerCase() == mPiece) &&
          to === mTo &&
          (from == mFrom[0] || from == mFrom[1]) &&
          (!promotion || promotion.toLowerCase() == mPromotion)
      }
      if (hit) return W.bm_move_index(this._ptr, code, i)
    }
    return 0
  }

  undo() {
    const len = W.bm_undo(this._ptr)
    if (len === 0) return null
    const played = playedMove(len)
    this._fen = played.before
    return played
  }

  /**
   * chess.js's `pgn()`; `{variations: true}` (beyond chess.js) also writes
   * the NAGs and variations `loadPgn({variations: true})` kept, in
   * python-chess's movetext form.
   */
  pgn({ newline = '\n', maxWidth = 0, variations = false } = {}) {
    const n = W.bm_history_len(this._ptr)
    const fens = text(W.bm_history_fens(this._ptr)).split('\n')
    W.bm_replay_nulls(this._ptr)
    W.bm_history(this._ptr, 0)
    const sans = text(W.bm_text_len()).split('\n')
    const tree = variations ? { lines: this._lines, nags: this._nags } : undefined
    return writePgn(this._header, this._comments, sans.slice(0, n), fens, { newline, maxWidth }, tree)
  }

  /** @deprecated chess.js's: use `setHeader` and `getHeaders`. */
  header(...args) {
    for (let i = 0; i < args.length; i += 2) {
      if (typeof args[i] === 'string' && typeof args[i + 1] === 'string') {
        this._header[args[i]] = args[i + 1]
      }
    }
    return this._header
  }

  setHeader(key, value) {
    this._header[key] = value ?? SEVEN_TAG_ROSTER[key] ?? null
    return this.getHeaders()
  }

  removeHeader(key) {
    if (key in this._header) {
      this._header[key] = SEVEN_TAG_ROSTER[key] || null
      return true
    }
    return false
  }

  getHeaders() {
    const out = {}
    for (const [key, value] of Object.entries(this._header)) if (value !== null) out[key] = value
    return out
  }

  /**
   * chess.js's `loadPgn`; `{variations: true}` (beyond chess.js) keeps the
   * variations (their moves checked, with comments and NAGs, nested) and
   * the NAGs of the main line, for `variations()` and `pgn({variations})`.
   */
  loadPgn(pgn, { strict = false, newlineChar = '\r?\n', variations = false } = {}) {
    if (newlineChar !== '\r?\n') pgn = pgn.replace(new RegExp(newlineChar, 'g'), '\n')
    const parsed = parsePgn(pgn)
    this.reset()
    const headers = parsed.headers
    if (this._chess960 && 'Variant' in headers && !CHESS960_NAMES.test(headers['Variant'])) {
      throw new Error(`Invalid PGN: Variant "${headers['Variant']}" is not Chess960`)
    }
    let fen = ''
    for (const key in headers) {
      if (key.toLowerCase() === 'fen') fen = headers[key]
      this.header(key, headers[key])
    }
    if (!strict) {
      if (fen) this.load(fen, { preserveHeaders: true })
    } else if (headers['SetUp'] === '1') {
      if (!('FEN' in headers)) throw new Error('Invalid PGN: FEN tag must be supplied with SetUp tag')
      this.load(headers['FEN'], { preserveHeaders: true })
    }
    if (parsed.rootComment !== undefined) this._comments[this.fen()] = parsed.rootComment
    for (const node of parsed.moves) {
      const kept = variations && node.variations ? keepLines(this, node.variations, strict, true) : undefined
      if (!this._playPgnMove(node.move, strict)) throw new Error(`Invalid move in PGN: ${node.move}`)
      // A variation that repeats this move stays a variation beside it.
      if (kept) for (const line of kept) line.same = line.after === this.fen()
      if (node.comment !== undefined) this._comments[this.fen()] = node.comment
      if (variations && node.nags.length) this._nags[this.fen()] = node.nags
    }
    const result = parsed.result
    if (result && Object.keys(this._header).length && this._header['Result'] !== result) {
      this.setHeader('Result', result)
    }
  }

  /**
   * Beyond chess.js: the variations `loadPgn({variations: true})` kept that
   * start at the current position, each as its moves' SAN; play one's
   * moves to reach the variations nested in it.
   */
  variations() {
    return (this._lines[this.fen()] || []).map((line) => line.moves.map((m) => m.san))
  }

  /** One move of a PGN, as chess.js's loadPgn plays it (no Move object). */
  _playPgnMove(san, strict) {
    this._fen = undefined
    let clean = strippedSan(san)
    if (!strict) {
      if (clean === '0-0') clean = 'O-O'
      else if (clean === '0-0-0') clean = 'O-O-O'
    }
    if (clean === '--') return W.bm_null(this._ptr, 1) !== 0
    input(clean)
    if (W.bm_move_san(this._ptr, 1) !== 0) return true
    return !strict && this._permissive(clean) !== 0
  }

  ascii() {
    W.bm_board(this._ptr)
    const codes = numbers(64)
    let s = '   +------------------------+\n'
    for (let rank = 7; rank >= 0; rank--) {
      s += ' ' + (rank + 1) + ' |'
      for (let file = 0; file < 8; file++) {
        const code = codes[rank * 8 + file]
        if (code) {
          const symbol = KINDS[code & 7]
          s += ' ' + (code & 8 ? symbol : symbol.toUpperCase()) + ' '
        } else {
          s += ' . '
        }
      }
      s += '|\n'
    }
    s += '   +------------------------+\n'
    s += '     a  b  c  d  e  f  g  h'
    return s
  }

  perft(depth) {
    return W.bm_perft(this._ptr, depth)
  }

  setTurn(color) {
    if (this.turn() == color) return false
    this.move('--')
    return true
  }

  turn() {
    return W.bm_turn(this._ptr) ? BLACK : WHITE
  }

  board() {
    W.bm_board(this._ptr)
    const codes = numbers(64)
    const output = []
    for (let rank = 7; rank >= 0; rank--) {
      const row = []
      for (let file = 0; file < 8; file++) {
        const i = rank * 8 + file
        const code = codes[i]
        row.push(code ? { square: NAMES[i], type: KINDS[code & 7], color: code & 8 ? BLACK : WHITE } : null)
      }
      output.push(row)
    }
    return output
  }

  squareColor(square) {
    if (square in INDEX) {
      const i = INDEX[square]
      return ((i >> 3) + (i & 7)) % 2 === 0 ? 'dark' : 'light'
    }
    return null
  }

  history({ verbose = false } = {}) {
    // chess.js's replay shifts its hash at null moves; verbose shifts it back.
    if (!verbose) W.bm_replay_nulls(this._ptr)
    const n = W.bm_history(this._ptr, verbose ? 1 : 0)
    if (n === 0) return []
    const lines = text(W.bm_text_len()).split('\n')
    if (!verbose) {
      lines.length = n
      return lines
    }
    const packed = numbers(n)
    const out = new Array(n)
    for (let i = 0; i < n; i++) out[i] = new Move(packed[i], lines[3 * i], lines[3 * i + 1], lines[3 * i + 2])
    return out
  }

  _pruneComments() {
    W.bm_replay_nulls(this._ptr)
    const fens = text(W.bm_history_fens(this._ptr)).split('\n')
    const current = {}
    for (const fen of fens) if (fen in this._comments) current[fen] = this._comments[fen]
    this._comments = current
  }

  getComment() {
    return this._comments[this.fen()]
  }

  setComment(comment) {
    this._comments[this.fen()] = comment.replace('{', '[').replace('}', ']')
  }

  /** @deprecated chess.js's: renamed `removeComment`. */
  deleteComment() {
    return this.removeComment()
  }

  removeComment() {
    const fen = this.fen()
    const comment = this._comments[fen]
    delete this._comments[fen]
    return comment
  }

  getComments() {
    this._pruneComments()
    return Object.keys(this._comments).map((fen) => ({ fen, comment: this._comments[fen] }))
  }

  /** @deprecated chess.js's: renamed `removeComments`. */
  deleteComments() {
    return this.removeComments()
  }

  removeComments() {
    this._pruneComments()
    return Object.keys(this._comments).map((fen) => {
      const comment = this._comments[fen]
      delete this._comments[fen]
      return { fen, comment }
    })
  }

  setCastlingRights(color, rights) {
    const want = (v) => (v === undefined ? -1 : v ? 1 : 0)
    this._fen = undefined
    W.bm_set_castling(this._ptr, color === BLACK ? 1 : 0, want(rights[KING]), want(rights[QUEEN]))
    const result = this.getCastlingRights(color)
    return (
      (rights[KING] === undefined || rights[KING] === result[KING]) &&
      (rights[QUEEN] === undefined || rights[QUEEN] === result[QUEEN])
    )
  }

  getCastlingRights(color) {
    const flags = W.bm_castling(this._ptr, color === BLACK ? 1 : 0)
    return { [KING]: (flags & 32) !== 0, [QUEEN]: (flags & 64) !== 0 }
  }

  moveNumber() {
    return W.bm_move_number(this._ptr)
  }
}
