// The PGN reader of `loadPgn` and the writer of `pgn()`. The reader is
// chess.js 1.4's grammar (its pgn.peggy) by hand: tag pairs, then a line
// of moves with move numbers, suffixes, NAGs, one comment per move and
// variations (read and set aside), then an optional result and comment.
// What chess.js's parser refuses, this refuses (the message differs:
// chess.js's comes from peggy). The writer is chess.js's `pgn()`.

function parsePgn(source) {
  let at = 0
  const fail = (what) => {
    const found = at < source.length ? JSON.stringify(source[at]) : 'end of input'
    throw new Error(`Invalid PGN: expected ${what} but ${found} found at offset ${at}`)
  }
  const ws = () => {
    while (at < source.length) {
      const c = source.charCodeAt(at)
      if (c === 32 || c === 9 || c === 10 || c === 13) at++
      else break
    }
  }
  const isLetter = (c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')

  // tagPairSection = tagPair* _
  const headers = {}
  for (;;) {
    const start = at
    ws()
    if (source[at] !== '[') {
      at = start
      break
    }
    at++
    ws()
    const nameStart = at
    while (at < source.length && isLetter(source[at])) at++
    const name = source.slice(nameStart, at)
    ws()
    if (!name || source[at] !== '"') {
      at = start
      break
    }
    at++
    const end = source.indexOf('"', at)
    if (end < 0) {
      at = start
      break
    }
    const value = source.slice(at, end)
    at = end + 1
    ws()
    if (source[at] !== ']') {
      at = start
      break
    }
    at++
    headers[name] = value
  }
  ws()

  const comment = () => {
    if (source[at] === '{') {
      const end = source.indexOf('}', at + 1)
      if (end < 0) return undefined
      const text = source.slice(at + 1, end).replace(/[\r\n]+/g, ' ')
      at = end + 1
      return text
    }
    if (source[at] === ';') {
      let end = at + 1
      while (end < source.length && source[end] !== '\r' && source[end] !== '\n') end++
      const text = source.slice(at + 1, end).trim()
      at = end
      return text
    }
    return undefined
  }

  const SANS = ['O-O-O', 'O-O', '0-0-0', '0-0']
  const san = () => {
    const start = at
    let matched = SANS.find((s) => source.startsWith(s, at))
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

  // move = _ moveNumber? _ san suffix? nag* _ comment? variation*
  const move = () => {
    const start = at
    ws()
    let digits = at
    while (digits < source.length && source[digits] >= '0' && source[digits] <= '9') digits++
    if (source[digits] === '.') {
      at = digits + 1
      ws()
      while (source[at] === '.') at++
    }
    ws()
    const text = san()
    if (text === undefined) {
      at = start
      return undefined
    }
    const node = { move: text }
    let suffix = 0
    while (suffix < 2 && (source[at] === '!' || source[at] === '?')) {
      at++
      suffix++
    }
    for (;;) {
      const before = at
      ws()
      if (source[at] !== '$' || !/[0-9]/.test(source[at + 1] || '')) {
        at = before
        break
      }
      at++
      while (/[0-9]/.test(source[at] || '')) at++
    }
    const beforeComment = at
    ws()
    const c = comment()
    if (c !== undefined) node.comment = c
    else at = beforeComment
    for (;;) {
      const before = at
      ws()
      if (source[at] !== '(') {
        at = before
        break
      }
      at++
      line()
      ws()
      if (source[at] !== ')') fail('")"')
      at++
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

  const main = line()
  ws()
  let result
  for (const marker of ['1-0', '0-1', '1/2-1/2', '*']) {
    if (source.startsWith(marker, at)) {
      result = marker
      at += marker.length
      ws()
      const c = comment()
      if (c !== undefined) {
        if (main.moves.length) main.moves[main.moves.length - 1].comment = c
        else main.comment = c
      }
      break
    }
  }
  ws()
  if (at < source.length) fail('a move, a comment, a variation or a result')
  return { headers, rootComment: main.comment, moves: main.moves, result }
}

/**
 * chess.js's PGN text: the tags, then the moves (`sans`, played from the
 * positions `fens`, the last being the current one) with the comments kept
 * by FEN, the result, wrapped at `maxWidth` as chess.js wraps.
 */
function writePgn(header, comments, sans, fens, { newline, maxWidth }) {
  const result = []
  let headerExists = false
  for (const i in header) {
    if (header[i]) result.push(`[${i} "${header[i]}"]` + newline)
    headerExists = true
  }
  const n = sans.length
  if (headerExists && n) result.push(newline)
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
