// The bitboard lab's page: loads bitmoves_lab.wasm (plain exports, no
// glue code), asks it for each method's steps, and draws them. Every value
// shown comes from the wasm module; this file only draws.

const FILES = 'abcdefgh';
const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const NAMES = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const MARKERS = { x: 'blocker', o: 'own', e: 'enemy' };
const METHOD_FOR = { n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king', p: 'pawns' };

const $ = (id) => document.getElementById(id);
const squareName = (index) => FILES[index % 8] + (Math.floor(index / 8) + 1);
const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);

// --- the wasm module -------------------------------------------------------

let wasm;

/** Sends one request line to the module and parses its JSON answer. */
function ask(request) {
  const bytes = new TextEncoder().encode(request);
  const at = wasm.lab_input(bytes.length);
  new Uint8Array(wasm.memory.buffer, at, bytes.length).set(bytes);
  const len = wasm.lab_run();
  const out = new Uint8Array(wasm.memory.buffer, wasm.lab_output(), len);
  return JSON.parse(new TextDecoder().decode(out));
}

// --- diagrams ---------------------------------------------------------------

/** The 64 bits of a hex string, a1 first. */
function bits(hex) {
  const value = BigInt(hex);
  return Array.from({ length: 64 }, (_, i) => ((value >> BigInt(i)) & 1n) === 1n);
}

/** A bitboard drawn as the write-ups draw it: rank 8 on top, A–H under. */
function diagram(hex, subject) {
  const set = bits(hex);
  const table = document.createElement('table');
  table.className = 'bb';
  let rows = '';
  for (let rank = 7; rank >= 0; rank--) {
    rows += `<tr><th scope="row">${rank + 1}</th>`;
    for (let file = 0; file < 8; file++) {
      const i = rank * 8 + file;
      const cls = (set[i] ? 'on' : 'off') + (i === subject ? ' subject' : '');
      rows += `<td class="${cls}">${set[i] ? 1 : 0}</td>`;
    }
    rows += '</tr>';
  }
  rows += '<tr><th></th>' + [...'ABCDEFGH'].map((f) => `<th scope="col">${f}</th>`).join('') + '</tr>';
  table.innerHTML = rows;
  table.setAttribute('aria-label', `bitboard ${hex}: ${set.map((on, i) => (on ? squareName(i) : '')).filter(Boolean).join(' ') || 'empty'}`);
  return table;
}

/** A hex value with a copy button. */
function hexValue(hex) {
  const wrap = document.createElement('div');
  wrap.className = 'hexline';
  const code = document.createElement('code');
  code.className = 'hex';
  code.textContent = hex;
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy';
  copy.textContent = 'copy';
  copy.setAttribute('aria-label', `copy ${hex}`);
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(hex);
      copy.textContent = 'copied';
    } catch {
      getSelection().selectAllChildren(code);
      copy.textContent = 'selected';
    }
    setTimeout(() => (copy.textContent = 'copy'), 1200);
  });
  wrap.append(code, copy);
  return wrap;
}

function stepFigure(sectionId, step, subject) {
  const figure = document.createElement('figure');
  figure.className = `step ${step.shown}`;
  figure.dataset.step = `${sectionId}/${step.id}`;
  const caption = document.createElement('figcaption');
  caption.textContent = step.label;
  figure.append(caption);
  if (step.shown === 'board') {
    figure.append(diagram(step.hex, subject), hexValue(step.hex));
  } else if (step.shown === 'number') {
    const dec = document.createElement('p');
    dec.className = 'decimal';
    dec.textContent = `${step.decimal} decimal`;
    figure.append(hexValue(step.hex), dec);
  } else {
    const verdict = document.createElement('p');
    verdict.className = step.equal ? 'verdict equal' : 'verdict unequal';
    verdict.textContent = step.equal ? 'equal' : 'NOT equal';
    figure.append(verdict);
  }
  return figure;
}

// --- the lab board ----------------------------------------------------------

const lab = { cells: Array(64).fill('.'), subject: squareIndex('d4'), followPiece: true };
lab.cells[lab.subject] = 'N';

function tool() {
  return document.querySelector('input[name=tool]:checked').value;
}

function buildGrid(container, onActivate) {
  container.innerHTML = '';
  for (let rank = 7; rank >= 0; rank--) {
    const row = document.createElement('div');
    row.className = 'rank';
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = rank + 1;
    row.append(label);
    for (let file = 0; file < 8; file++) {
      const i = rank * 8 + file;
      const cell = document.createElement(onActivate ? 'button' : 'span');
      cell.className = `sq ${(rank + file) % 2 ? 'light' : 'dark'}`;
      cell.dataset.square = squareName(i);
      if (!onActivate) cell.setAttribute('role', 'img');
      if (onActivate) {
        cell.type = 'button';
        cell.tabIndex = i === lab.subject ? 0 : -1;
        cell.addEventListener('click', () => onActivate(i));
        cell.addEventListener('keydown', (event) => moveFocus(event, i, container));
      }
      row.append(cell);
    }
    container.append(row);
  }
  const files = document.createElement('div');
  files.className = 'rank files';
  files.innerHTML = '<span class="label"></span>' + [...'ABCDEFGH'].map((f) => `<span>${f}</span>`).join('');
  container.append(files);
}

function moveFocus(event, i, container) {
  const step = { ArrowUp: 8, ArrowDown: -8, ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (step === undefined) return;
  const next = i + step;
  if (next < 0 || next > 63 || (Math.abs(step) === 1 && Math.floor(next / 8) !== Math.floor(i / 8))) return;
  event.preventDefault();
  const from = container.querySelector(`[data-square="${squareName(i)}"]`);
  const to = container.querySelector(`[data-square="${squareName(next)}"]`);
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

function applyTool(i) {
  const t = tool();
  if (t === 'piece') {
    const kind = $('piece-kind').value;
    const letter = $('piece-color').value === 'w' ? kind.toUpperCase() : kind;
    lab.cells[i] = letter;
    lab.subject = i;
    $('method').value = METHOD_FOR[kind];
  } else if (t === 'study') {
    lab.subject = i;
    const cell = lab.cells[i].toLowerCase();
    if (METHOD_FOR[cell]) $('method').value = METHOD_FOR[cell];
  } else if (t === 'erase') {
    lab.cells[i] = '.';
  } else {
    lab.cells[i] = lab.cells[i] === t ? '.' : t;
  }
  refreshLab();
}

function drawLabBoard() {
  for (const cell of $('board').querySelectorAll('.sq')) {
    const i = squareIndex(cell.dataset.square);
    const c = lab.cells[i];
    cell.textContent = GLYPHS[c] || { x: '×', o: 'o', e: 'e' }[c] || '';
    cell.classList.toggle('subject', i === lab.subject);
    cell.classList.toggle('marker', c in MARKERS);
    const what = GLYPHS[c] ? `${c === c.toUpperCase() ? 'white' : 'black'} ${NAMES[c.toLowerCase()]}` : MARKERS[c] || 'empty';
    cell.setAttribute('aria-label', `${cell.dataset.square}, ${what}${i === lab.subject ? ', studied' : ''}`);
  }
  $('subject').textContent = squareName(lab.subject);
}

function drawSteps() {
  const answer = ask(`steps ${$('method').value} ${squareName(lab.subject)} ${lab.cells.join('')}`);
  const out = $('steps');
  out.innerHTML = '';
  if (answer.error) {
    out.textContent = answer.error;
    return;
  }
  for (const section of answer.sections) {
    const el = document.createElement('section');
    el.className = 'method';
    el.dataset.section = section.id;
    el.innerHTML = `<h3></h3><p class="intro"></p><div class="steps"></div>`;
    el.querySelector('h3').textContent = section.title;
    el.querySelector('.intro').textContent = section.intro;
    const grid = el.querySelector('.steps');
    for (const step of section.steps) grid.append(stepFigure(section.id, step, lab.subject));
    out.append(el);
  }
}

function refreshLab() {
  drawLabBoard();
  drawSteps();
}

function loadLabFen() {
  const answer = ask(`position ${$('lab-fen').value}`);
  $('lab-fen-error').textContent = answer.error || '';
  if (answer.error) return;
  lab.cells = [...answer.cells];
  const first = lab.cells.findIndex((c) => 'NBRQ'.includes(c));
  if (first >= 0) {
    lab.subject = first;
    $('method').value = METHOD_FOR[lab.cells[first].toLowerCase()];
  }
  refreshLab();
}

// --- the position view ------------------------------------------------------

let shownFen = '';

function showPosition() {
  const answer = ask(`position ${$('fen').value}`);
  $('fen-error').textContent = answer.error || '';
  if (answer.error) return;
  shownFen = answer.fen;
  const checkers = bits(answer.checkers);
  const pinned = bits(answer.pinned);
  const pinLines = answer.pins.map((pin) => bits(pin.line));
  const king = squareIndex(answer.king);
  for (const cell of $('position-board').querySelectorAll('.sq')) {
    const i = squareIndex(cell.dataset.square);
    const c = answer.cells[i];
    cell.textContent = GLYPHS[c] || '';
    cell.classList.toggle('checker', checkers[i]);
    cell.classList.toggle('pinned', pinned[i]);
    cell.classList.toggle('pinline', pinLines.some((line) => line[i]));
    cell.classList.toggle('in-check', checkers.some(Boolean) && i === king);
    const what = GLYPHS[c] ? `${c === c.toUpperCase() ? 'white' : 'black'} ${NAMES[c.toLowerCase()]}` : 'empty';
    cell.setAttribute('aria-label', `${cell.dataset.square}, ${what}${checkers[i] ? ', gives check' : ''}${pinned[i] ? ', pinned' : ''}`);
  }
  const pins = answer.pins.map((p) => `${p.pinned} pinned by ${p.pinner}`).join('; ') || 'none';
  const inCheck = checkers.some(Boolean) ? `in check from ${checkers.map((on, i) => (on ? squareName(i) : '')).filter(Boolean).join(', ')}` : 'not in check';
  $('position-facts').textContent = `${answer.side} to move, ${inCheck}; pins: ${pins}; ${answer.status}.`;
  $('move-count').textContent = `(${answer.moves.length})`;
  $('moves').innerHTML = '';
  for (const mv of answer.moves) {
    const li = document.createElement('li');
    li.dataset.uci = mv.uci;
    li.innerHTML = `<span class="san"></span> <code class="uci"></code>`;
    li.querySelector('.san').textContent = mv.san;
    li.querySelector('.uci').textContent = mv.uci;
    $('moves').append(li);
  }
  $('perft').tBodies[0].innerHTML = '';
}

async function runPerft() {
  const body = $('perft').tBodies[0];
  body.innerHTML = '';
  $('perft-run').disabled = true;
  for (let depth = 1; depth <= 4; depth++) {
    await new Promise((resolve) => setTimeout(resolve, 0)); // let the page draw between depths
    const start = performance.now();
    const answer = ask(`perft ${depth} ${shownFen}`);
    const ms = performance.now() - start;
    const row = body.insertRow();
    row.dataset.depth = depth;
    row.innerHTML = `<td>${depth}</td><td class="nodes"></td><td class="time"></td>`;
    row.querySelector('.nodes').textContent = answer.error || answer.nodes;
    row.querySelector('.time').textContent = `${ms.toFixed(1)} ms`;
  }
  $('perft-run').disabled = false;
  body.dataset.done = 'true';
}

// --- start ------------------------------------------------------------------

async function start() {
  const t0 = performance.now();
  const { instance } = await WebAssembly.instantiateStreaming(fetch('bitmoves_lab.wasm'), {});
  wasm = instance.exports;
  for (const method of ask('methods')) $('method').add(new Option(method.title, method.id));
  buildGrid($('board'), applyTool);
  buildGrid($('position-board'), null);
  $('method').addEventListener('change', drawSteps);
  $('clear').addEventListener('click', () => {
    lab.cells = Array(64).fill('.');
    refreshLab();
  });
  $('lab-fen-load').addEventListener('click', loadLabFen);
  $('fen-show').addEventListener('click', showPosition);
  $('fen').addEventListener('keydown', (e) => e.key === 'Enter' && showPosition());
  $('lab-fen').addEventListener('keydown', (e) => e.key === 'Enter' && loadLabFen());
  $('perft-run').addEventListener('click', runPerft);
  refreshLab();
  showPosition();
  const status = $('lab-status');
  status.textContent = `Ready: wasm module loaded and first drawn in ${(performance.now() - t0).toFixed(0)} ms.`;
  status.dataset.ready = 'true';
}

start().catch((err) => {
  $('lab-status').textContent = `The lab could not start: ${err}`;
  $('lab-status').dataset.ready = 'error';
});
