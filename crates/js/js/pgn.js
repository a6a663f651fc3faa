// The PGN reader of `loadPgn` and the writer of `pgn()`. The reader is
// chess.js 1.4's grammar (its pgn.peggy) by hand: tag pairs, then a line
// of moves with move numbers, suffixes, NAGs, one comment per move and
// variations (nested lines, which `loadPgn` keeps only when asked), then
// an optional result and comment. It refuses what chess.js's parser
// refuses, with chess.js's error: peggy's `SyntaxError`, whose message
// lists the named rules that failed at the furthest offset any failed
// (peggy records a named rule's failure at its start, never inside it,
// and its whitespace rule at every end), so the reader records the same
// failures at the same places. The writer is chess.js's `pgn()`, or with
// variations python-chess's movetext.

/** Move suffixes in the order of their NAGs, `!` being `$1`. */
const SUFFIX_NAGS = ['!', '?', '!!', '??', '!?', '?!']

/** peggy's SyntaxError, as chess.js's parser throws it. */
class PgnSyntaxError extends Error {
  constructor(message, expected, found, location) {
    super(message)
    this.name = 'SyntaxError'
    this.expected = expected
    this.found = found
    this.location = location
  }
}

/** peggy's message: the expectations sorted, without repeats, then what was found. */
function syntaxError(source, pos, names) {
  const expected = names.map((name) => (name === 'end of input' ? { type: 'end' } : { type: 'other', description: name }))
  const list = [...new Set(names)].sort()
  const described =
    list.length <= 2 ? list.join(' or ') : list.slice(0, -1).join(', ') + ', or ' + list[list.length - 1]
  const found = pos < source.length ? source.charAt(pos) : null
  const quoted = found === null ? 'end of input' : JSON.stringify(found)
  const where = (offset) => {
    const before = source.slice(0, offset).split('\n')
    return { offset, line: before.length, column: before[before.length - 1].length + 1 }
  }
  const location = { source: undefined, start: where(pos), end: where(found === null ? pos : pos + 1) }
  return new PgnSyntaxError(`Expected ${described} but ${quoted} found.`, expected, found, location)
}

function parsePgn(source) {
  let at = 0
  // peggy's furthest failure: where, and the names of the rules that
  // failed there. `silent` > 0 inside a named rule, which records nothing.
  let failAt = 0
  let failed = []
  let silent = 0
  const fail = (pos, name) => {
    if (silent > 0 || pos < failAt) return
    if (pos > failAt) {
      failAt = pos
      failed = []
    }
    failed.push(name)
  }
  /** Runs the named rule `rule` from here: its result, or undefined (back where it began). */
  const named = (name, rule) => {
    const start = at
    silent++
    const result = rule()
    silent--
    if (result === undefined) {
      at = start
      fail(start, name)
    }
    return result
  }
  // _ "whitespace" = [ \t\r\n]*  (never fails; peggy records it at its end)
  const ws = () => {
    while (at < source.length) {
      const c = source.charCodeAt(at)
      if (c === 32 || c === 9 || c === 10 || c === 13) at++
      else break
    }
    fail(at, 'whitespace')
  }
  const isLetter = (c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')

  // tagPair "tag pair" = _ "[" _ tagName _ '"' tagValue '"' _ "]"
  const tagPair = () => {
    ws()
    if (source[at] !== '[') return undefined
    at++
    ws()
    const nameStart = at
    while (at < source.length && isLetter(source[at])) at++
    const name = source.slice(nameStart, at)
    ws()
    if (!name || source[at] !== '"') return undefined
    at++
    const end = source.indexOf('"', at)
    if (end < 0) return undefined
    const value = source.slice(at, end)
    at = end + 1
    ws()
    if (source[at] !== ']') return undefined
    at++
    return [name, value]
  }
  // tagPairSection = tagPair* _
  const headers = {}
  for (let pair = named('tag pair', tagPair); pair; pair = named('tag pair', tagPair)) {
    headers[pair[0]] = pair[1]
  }
  ws()

  // braceComment "brace comment" = "{" [^}]* "}"
  const braceComment = () => {
    if (source[at] !== '{') return undefined
    const end = source.indexOf('}', at + 1)
    if (end < 0) return undefined
    const text = source.slice(at + 1, end).replace(/[\r\n]+/g, ' ')
    at = end + 1
    return text
  }
  // restOfLineComment "rest of line comment" = ";" [^\r\n]*
  const lineComment = () => {
    if (source[at] !== ';') return undefined
    let end = at + 1
    while (end < source.length && source[end] !== '\r' && source[end] !== '\n') end++
    const text = source.slice(at + 1, end).trim()
    at = end
    return text
  }
  // comment = braceComment / restOfLineComment
  const comment = () => named('brace comment', braceComment) ?? named('rest of line comment', lineComment)

  // moveNumber "move number" = [0-9]* "." _ [.]*
  const moveNumber = () => {
    while (at < source.length && source[at] >= '0' && source[at] <= '9') at++
    if (source[at] !== '.') return undefined
    at++
    ws()
    while (source[at] === '.') at++
    return true
  }
  // san "standard algebraic notation" =
  //   ("O-O-O" / "O-O" / "0-0-0" / "0-0" / [a-zA-Z] [a-zA-Z1-8\-=]+) [+#]?
  const SANS = ['O-O-O', 'O-O', '0-0-0', '0-0']
  const san = () => {
    const start = at
    const matched = SANS.find((s) => source.startsWith(s, at))
    if (matched) {
      at += matched.length
    } else if (isLetter(source[at] || '')) {
      let end = at + 1
      while (end < source.length && /[a-zA-Z1-8\-=]/.test(source[end])) end++
      if (end === at + 1) return undefined
      at = end
    } else {
      return undefined
    }
    if (source[at] === '+' || source[at] === '#') at++
    return source.slice(start, at)
  }
  // suffixAnnotation "suffix annotation" = [!?]|1..2|
  const suffix = () => {
    const start = at
    while (at < start + 2 && (source[at] === '!' || source[at] === '?')) at++
    return at > start ? source.slice(start, at) : undefined
  }
  // nag "NAG" = _ "$" [0-9]+
  const nag = () => {
    ws()
    if (source[at] !== '$' || !/[0-9]/.test(source[at + 1] || '')) return undefined
    const digits = ++at
    while (/[0-9]/.test(source[at] || '')) at++
    return source.slice(digits, at)
  }
  // variation "variation" = _ "(" line _ ")"
  const variation = () => {
    ws()
    if (source[at] !== '(') return undefined
    at++
    const inner = line()
    ws()
    if (source[at] !== ')') return undefined
    at++
    return inner
  }

  // move = _ moveNumber? _ san suffixAnnotation? nag* _ comment? variation*
  const move = () => {
    const start = at
    ws()
    named('move number', moveNumber)
    ws()
    const text = named('standard algebraic notation', san)
    if (text === undefined) {
      at = start
      return undefined
    }
    const node = { move: text, nags: [] }
    const annotation = named('suffix annotation', suffix)
    if (annotation !== undefined) node.nags.push(String(SUFFIX_NAGS.indexOf(annotation) + 1))
    for (let n = named('NAG', nag); n !== undefined; n = named('NAG', nag)) node.nags.push(n)
    ws()
    const c = comment()
    if (c !== undefined) node.comment = c
    for (let v = named('variation', variation); v !== undefined; v = named('variation', variation)) {
      ;(node.variations ||= []).push(v)
    }
    return node
  }

  // line = comment? move*
  const line = () => {
    const first = comment()
    const moves = []
    for (let node = move(); node !== undefined; node = move()) moves.push(node)
    return { comment: first, moves }
  }

  // moveTextSection = line _ gameTerminationMarker? _
  // gameTerminationMarker "game termination marker" =
  //   ("1-0" / "0-1" / "1/2-1/2" / "*") _ comment?
  const main = line()
  ws()
  const marker = named('game termination marker', () => {
    const found = ['1-0', '0-1', '1/2-1/2', '*'].find((m) => source.startsWith(m, at))
    if (found === undefined) return undefined
    at += found.length
    ws()
    return { result: found, comment: comment() }
  })
  if (marker?.comment !== undefined) {
    if (main.moves.length) main.moves[main.moves.length - 1].comment = marker.comment
    else main.comment = marker.comment
  }
  ws()
  if (at < source.length) {
    fail(at, 'end of input')
    throw syntaxError(source, failAt, failed)
  }
  return { headers, rootComment: main.comment, moves: main.moves, result: marker?.result }
}

/**
 * Keeps PGN variations that start at `chess`'s position (each played
 * to check it, then taken back) under its FEN, nested ones under theirs,
 * in `kept`; `top` marks those `pgn()` writes after a main-line move. A
 * variation on a line's first move is an alternative from the line's
 * own position, so it joins the line's siblings, as in python-chess.
 */
function keepLines(chess, lines, strict, top, kept = []) {
  const fen = chess.fen()
  for (const line of lines) {
    if (!line.moves.length) continue
    const moves = []
    const variation = { comment: line.comment, moves, top }
    ;(chess._lines[fen] ||= []).push(variation)
    kept.push(variation)
    for (const node of line.moves) {
      const [, side, , , , number] = chess.fen().split(' ')
      const m = { number, white: side === 'w' }
      if (node.variations) {
        if (moves.length) m.variations = keepLines(chess, node.variations, strict, false)
        else keepLines(chess, node.variations, strict, top, kept)
      }
      try {
        m.san = chess.move(node.move, { strict }).san
      } catch {
        throw new Error(`Invalid move in PGN: ${node.move}`)
      }
      if (!moves.length) variation.after = chess.fen()
      if (node.nags.length) m.nags = node.nags
      if (node.comment !== undefined) m.comment = node.comment
      moves.push(m)
    }
    for (const _ of moves) chess.undo()
  }
  return kept
}

/**
 * chess.js's PGN text: the tags, then the moves (`sans`, played from the
 * positions `fens`, the last being the current one) with the comments kept
 * by FEN, the result, wrapped at `maxWidth` as chess.js wraps.
 */
function writePgn(header, comments, sans, fens, { newline, maxWidth }, tree) {
  const result = []
  let headerExists = false
  for (const i in header) {
    if (header[i]) result.push(`[${i} "${header[i]}"]` + newline)
    headerExists = true
  }
  const n = sans.length
  if (headerExists && n) result.push(newline)
  if (tree) return result.join('') + writeTree(comments, sans, fens, tree, header.Result || '*', newline, maxWidth)
  const appendComment = (moveString, fen) => {
    const comment = comments[fen]
    if (typeof comment !== 'undefined') {
      const delimiter = moveString.length > 0 ? ' ' : ''
      moveString = `${moveString}${delimiter}{${comment}}`
    }
    return moveString
  }
  const moves = []
  let moveString = ''
  if (n === 0) moves.push(appendComment('', fens[0]))
  for (let i = 0; i < n; i++) {
    moveString = appendComment(moveString, fens[i])
    const fields = fens[i].split(' ')
    const color = fields[1]
    const moveNumber = fields[5]
    if (i === 0 && color === 'b') {
      const prefix = `${moveNumber}. ...`
      moveString = moveString ? `${moveString} ${prefix}` : prefix
    } else if (color === 'w') {
      if (moveString.length) moves.push(moveString)
      moveString = moveNumber + '.'
    }
    moveString = moveString + ' ' + sans[i]
  }
  if (moveString.length) moves.push(appendComment(moveString, fens[n]))
  moves.push(header.Result || '*')
  if (maxWidth === 0) return result.join('') + moves.join(' ')
  const strip = function () {
    if (result.length > 0 && result[result.length - 1] === ' ') {
      result.pop()
      return true
    }
    return false
  }
  const wrapComment = function (width, move) {
    for (const token of move.split(' ')) {
      if (!token) continue
      if (width + token.length > maxWidth) {
        while (strip()) width--
        result.push(newline)
        width = 0
      }
      result.push(token)
      width += token.length
      result.push(' ')
      width++
    }
    if (strip()) width--
    return width
  }
  let currentWidth = 0
  for (let i = 0; i < moves.length; i++) {
    if (currentWidth + moves[i].length > maxWidth && moves[i].includes('{')) {
      currentWidth = wrapComment(currentWidth, moves[i])
      continue
    }
    if (currentWidth + moves[i].length > maxWidth && i !== 0) {
      if (result[result.length - 1] === ' ') result.pop()
      result.push(newline)
      currentWidth = 0
    } else if (i !== 0) {
      result.push(' ')
      currentWidth++
    }
    result.push(moves[i])
    currentWidth += moves[i].length
  }
  return result.join('')
}

/**
 * The movetext of `pgn({variations: true})` as python-chess writes it:
 * NAGs as `$n`, a move number after each comment and variation, the
 * variations kept at a position (`tree.lines`, by FEN) after the move
 * played from it; comments as chess.js writes them (`{text}`), parentheses
 * without inner spaces; wrapped at `maxWidth` between words.
 */
function writeTree(comments, sans, fens, tree, resultText, newline, maxWidth) {
  let out = ''
  const put = (token) => {
    out += out && !out.endsWith('(') && token !== ')' ? ' ' + token : token
  }
  const line = (comment, moves) => {
    if (comment !== undefined) put(`{${comment}}`)
    let force = true
    for (const m of moves) {
      if (m.white) put(`${m.number}.`)
      else if (force) put(`${m.number}...`)
      put(m.san)
      for (const nag of m.nags || []) put('$' + nag)
      force = m.comment !== undefined
      if (force) put(`{${m.comment}}`)
      for (const v of m.variations || []) {
        put('(')
        line(v.comment, v.moves)
        put(')')
        force = true
      }
    }
  }
  // The line played may follow a kept variation (after undo(), its first
  // move played): a variation whose move is the one played is not written
  // but followed, and the alternatives to each of its moves (its nested
  // variations, and the rest of it where the line leaves it) are written
  // in the line instead, as python-chess writes a variation promoted to
  // the main line.
  let following = []
  const main = sans.map((san, i) => {
    const [, side, , , , number] = fens[i].split(' ')
    const candidates = (tree.lines[fens[i]] || []).filter((v) => v.top).map((v) => ({ line: v, from: 0 }))
    for (const { line, from } of following) {
      candidates.push({ line, from, rest: true })
      for (const v of line.moves[from].variations || []) candidates.push({ line: v, from: 0 })
    }
    following = []
    const variations = []
    let followed
    for (const { line, from, rest } of candidates) {
      // One variation is followed: the first with the move played, never
      // one that repeats the loaded line's own move (python-chess keeps
      // that as a variation beside it).
      if (!followed && !(from === 0 && line.same) && line.moves[from].san === san) {
        followed = line.moves[from]
        if (from + 1 < line.moves.length) following.push({ line, from: from + 1 })
      } else if (!rest) {
        variations.push(line)
      } else {
        const [first, ...others] = line.moves.slice(from)
        variations.push({ moves: [{ ...first, variations: undefined }, ...others] })
      }
    }
    // A followed variation's move brings its NAGs and comment.
    const nags = tree.nags[fens[i + 1]] ?? followed?.nags
    const comment = comments[fens[i + 1]] ?? followed?.comment
    return { number, white: side === 'w', san, nags, comment, variations }
  })
  line(comments[fens[0]], main)
  put(resultText)
  if (!maxWidth) return out
  const rows = []
  let row = ''
  for (const word of out.split(' ')) {
    if (row && row.length + 1 + word.length > maxWidth) {
      rows.push(row)
      row = word
    } else row = row ? row + ' ' + word : word
  }
  return rows.concat(row).join(newline)
}
