// Procedural SVG building blocks for the site's original artwork. Every function takes a
// seeded random source so the same id always gives the same picture.

/** Deterministic PRNG (mulberry32) seeded from a string. */
export function seededRandom(seedText) {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const r1 = (n) => Math.round(n * 10) / 10;

export function background(w, h, [from, to], rnd) {
  const angle = Math.floor(rnd() * 360);
  return `<defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <radialGradient id="gold" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#fef3c7"/><stop offset=".45" stop-color="#f59e0b"/><stop offset="1" stop-color="#92400e"/></radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>`;
}

export function starfield(w, h, rnd, count = 160) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = rnd() < 0.08 ? 1.2 + rnd() * 1.6 : 0.4 + rnd() * 0.9;
    out += `<circle cx="${r1(rnd() * w)}" cy="${r1(rnd() * h)}" r="${r1(r)}" fill="#fff" fill-opacity="${r1(0.35 + rnd() * 0.65)}"/>`;
  }
  return out;
}

export function glow(cx, cy, r) {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#glow)"/>`;
}

export function planet(cx, cy, r, rnd, { rings = false } = {}) {
  const hue = Math.floor(rnd() * 360);
  const bands = Array.from({ length: 5 }, (_, i) => {
    const y = cy - r + ((i + 0.5) * 2 * r) / 5;
    return `<ellipse cx="${cx}" cy="${r1(y)}" rx="${r}" ry="${r1(r / 12)}" fill="hsl(${hue},45%,${30 + i * 6}%)" fill-opacity=".55"/>`;
  }).join('');
  const ring = rings
    ? `<ellipse cx="${cx}" cy="${cy}" rx="${r * 1.9}" ry="${r * 0.45}" fill="none" stroke="hsl(${(hue + 40) % 360},60%,75%)" stroke-width="${r1(r * 0.12)}" stroke-opacity=".85" transform="rotate(-15 ${cx} ${cy})"/>`
    : '';
  return `<g>${glow(cx, cy, r * 1.6)}<clipPath id="p${Math.floor(cx)}${Math.floor(cy)}"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${hue},55%,45%)"/>
    <g clip-path="url(#p${Math.floor(cx)}${Math.floor(cy)})">${bands}<circle cx="${cx + r * 0.45}" cy="${cy + r * 0.35}" r="${r}" fill="#000" fill-opacity=".35"/></g>${ring}</g>`;
}

export function moon(cx, cy, r, rnd) {
  const craters = Array.from({ length: 7 }, () => {
    const a = rnd() * Math.PI * 2;
    const d = rnd() * r * 0.7;
    return `<circle cx="${r1(cx + Math.cos(a) * d)}" cy="${r1(cy + Math.sin(a) * d)}" r="${r1(r * (0.06 + rnd() * 0.12))}" fill="#94a3b8" fill-opacity=".7"/>`;
  }).join('');
  return `${glow(cx, cy, r * 1.5)}<circle cx="${cx}" cy="${cy}" r="${r}" fill="#e2e8f0"/>${craters}`;
}

export function sun(cx, cy, r) {
  const rays = Array.from({ length: 16 }, (_, i) => {
    const a = (i / 16) * Math.PI * 2;
    return `<line x1="${r1(cx + Math.cos(a) * r * 1.15)}" y1="${r1(cy + Math.sin(a) * r * 1.15)}" x2="${r1(cx + Math.cos(a) * r * 1.5)}" y2="${r1(cy + Math.sin(a) * r * 1.5)}" stroke="#fbbf24" stroke-width="${r1(r * 0.08)}" stroke-linecap="round"/>`;
  }).join('');
  return `${glow(cx, cy, r * 2.2)}${rays}<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f59e0b"/><circle cx="${cx}" cy="${cy}" r="${r * 0.8}" fill="#fbbf24"/>`;
}

export function rocket(cx, cy, s, angle = -20) {
  return `<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${s})">
    <path d="M0 -60 C 18 -40 20 -5 16 30 L -16 30 C -20 -5 -18 -40 0 -60 Z" fill="#f8fafc"/>
    <circle cx="0" cy="-15" r="8" fill="#38bdf8" stroke="#1e3a8a" stroke-width="3"/>
    <path d="M-16 10 L -32 40 L -14 32 Z M16 10 L 32 40 L 14 32 Z" fill="#ef4444"/>
    <path d="M-10 32 Q 0 80 10 32 Z" fill="#fbbf24"/><path d="M-5 32 Q 0 60 5 32 Z" fill="#fff7ed"/>
  </g>`;
}

export function atom(cx, cy, r, colour = '#fcd34d') {
  return `<g fill="none" stroke="${colour}" stroke-width="${r1(r * 0.05)}">
    <ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r1(r * 0.38)}"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r1(r * 0.38)}" transform="rotate(60 ${cx} ${cy})"/>
    <ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r1(r * 0.38)}" transform="rotate(120 ${cx} ${cy})"/>
  </g>${glow(cx, cy, r * 0.5)}<circle cx="${cx}" cy="${cy}" r="${r1(r * 0.14)}" fill="#fff"/>`;
}

export function orbit(cx, cy, r, rnd) {
  const a = rnd() * Math.PI * 2;
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#c7d2fe" stroke-width="2" stroke-dasharray="6 10" stroke-opacity=".7"/>
    <circle cx="${r1(cx + Math.cos(a) * r)}" cy="${r1(cy + Math.sin(a) * r)}" r="${r1(r * 0.07)}" fill="#a5b4fc"/>`;
}

export function galaxy(cx, cy, r, rnd) {
  let dots = '';
  for (let arm = 0; arm < 3; arm++) {
    for (let i = 0; i < 90; i++) {
      const t = i / 90;
      const a = arm * ((Math.PI * 2) / 3) + t * Math.PI * 2.4;
      const d = t * r;
      const j = (rnd() - 0.5) * r * 0.12;
      dots += `<circle cx="${r1(cx + Math.cos(a) * d + j)}" cy="${r1(cy + Math.sin(a) * d * 0.55 + j)}" r="${r1(0.6 + rnd() * 1.8)}" fill="${pick(rnd, ['#e0e7ff', '#fbcfe8', '#fef3c7'])}" fill-opacity="${r1(0.4 + rnd() * 0.6)}"/>`;
    }
  }
  return `${glow(cx, cy, r * 0.6)}${dots}`;
}

export function nebula(w, h, rnd) {
  return Array.from({ length: 7 }, () => {
    const hue = pick(rnd, [280, 320, 200, 260, 340]);
    return `<circle cx="${r1(rnd() * w)}" cy="${r1(rnd() * h)}" r="${r1(h * (0.2 + rnd() * 0.3))}" fill="hsl(${hue},70%,55%)" fill-opacity=".16"/>`;
  }).join('');
}

export function comet(x, y, len) {
  return `<path d="M${x} ${y} L ${x - len} ${y - len * 0.45} L ${x - len * 0.9} ${y - len * 0.3} Z" fill="#bae6fd" fill-opacity=".6"/><circle cx="${x}" cy="${y}" r="${r1(len * 0.05)}" fill="#fff"/>`;
}

export function blackhole(cx, cy, r) {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${r * 2.2}" ry="${r * 0.5}" fill="none" stroke="#fb923c" stroke-width="${r1(r * 0.25)}" stroke-opacity=".85"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 1.15}" fill="#fdba74" fill-opacity=".35"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#020617"/>`;
}

export function satellite(cx, cy, s, angle = 20) {
  return `<g transform="translate(${cx} ${cy}) rotate(${angle}) scale(${s})">
    <rect x="-70" y="-12" width="45" height="24" fill="#1d4ed8" stroke="#93c5fd" stroke-width="2"/>
    <rect x="25" y="-12" width="45" height="24" fill="#1d4ed8" stroke="#93c5fd" stroke-width="2"/>
    <rect x="-25" y="-4" width="50" height="8" fill="#cbd5e1"/>
    <rect x="-16" y="-20" width="32" height="40" rx="4" fill="#e2e8f0"/>
    <circle cx="0" cy="-28" r="9" fill="none" stroke="#e2e8f0" stroke-width="3"/>
  </g>`;
}

export function astronaut(cx, cy, s) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <rect x="-28" y="-10" width="56" height="62" rx="18" fill="#f1f5f9"/>
    <circle cx="0" cy="-32" r="28" fill="#f1f5f9"/><ellipse cx="0" cy="-32" rx="19" ry="15" fill="#1e293b"/>
    <ellipse cx="-6" cy="-36" rx="6" ry="4" fill="#60a5fa" fill-opacity=".7"/>
    <rect x="-46" y="0" width="18" height="40" rx="9" fill="#e2e8f0"/><rect x="28" y="0" width="18" height="40" rx="9" fill="#e2e8f0"/>
    <rect x="-12" y="6" width="24" height="16" rx="3" fill="#f97316"/>
  </g>`;
}

export function medal(cx, cy, r, label = '1') {
  return `<path d="M${cx - r * 0.7} ${cy - r * 2.4} L ${cx - r * 0.15} ${cy - r * 0.8} L ${cx + r * 0.15} ${cy - r * 0.8} L ${cx + r * 0.7} ${cy - r * 2.4} L ${cx + r * 0.3} ${cy - r * 2.4} L ${cx} ${cy - r * 1.4} L ${cx - r * 0.3} ${cy - r * 2.4} Z" fill="#4f46e5"/>
    ${glow(cx, cy, r * 1.8)}<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#gold)" stroke="#fde68a" stroke-width="${r1(r * 0.06)}"/>
    <circle cx="${cx}" cy="${cy}" r="${r1(r * 0.72)}" fill="none" stroke="#78350f" stroke-width="${r1(r * 0.04)}" stroke-opacity=".6"/>
    <text x="${cx}" y="${r1(cy + r * 0.28)}" font-family="DejaVu Serif, serif" font-weight="bold" font-size="${r1(r * 0.8)}" text-anchor="middle" fill="#78350f">${label}</text>`;
}

export function trophy(cx, cy, s) {
  return `${glow(cx, cy, 120 * s)}<g transform="translate(${cx} ${cy}) scale(${s})">
    <path d="M-50 -70 H 50 V -30 C 50 10 20 30 0 32 C -20 30 -50 10 -50 -30 Z" fill="url(#gold)"/>
    <path d="M-50 -55 C -85 -55 -85 -5 -40 0 M50 -55 C 85 -55 85 -5 40 0" fill="none" stroke="#f59e0b" stroke-width="8"/>
    <rect x="-8" y="30" width="16" height="30" fill="#d97706"/><rect x="-40" y="60" width="80" height="18" rx="4" fill="#92400e"/>
  </g>`;
}

export function equation(x, y, size, text, colour = '#fef3c7') {
  const safe = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<text x="${x}" y="${y}" font-family="DejaVu Serif, serif" font-style="italic" font-size="${size}" fill="${colour}" fill-opacity=".9">${safe}</text>`;
}

export function wave(w, h, rnd, colour = '#a5b4fc') {
  let out = '';
  for (let k = 0; k < 4; k++) {
    const amp = h * (0.04 + rnd() * 0.06);
    const freq = 2 + k;
    const y0 = h * (0.35 + k * 0.1);
    let d = `M0 ${r1(y0)}`;
    for (let x = 0; x <= w; x += w / 48) d += ` L${r1(x)} ${r1(y0 + Math.sin((x / w) * Math.PI * freq + k) * amp)}`;
    out += `<path d="${d}" fill="none" stroke="${colour}" stroke-width="3" stroke-opacity="${r1(0.35 + k * 0.15)}"/>`;
  }
  return out;
}

export function skyline(w, h, rnd) {
  let out = '';
  let x = 0;
  while (x < w) {
    const bw = w * (0.04 + rnd() * 0.06);
    const bh = h * (0.12 + rnd() * 0.25);
    out += `<rect x="${r1(x)}" y="${r1(h - bh)}" width="${r1(bw)}" height="${r1(bh)}" fill="#0f172a"/>`;
    for (let wy = h - bh + 10; wy < h - 10; wy += 18) {
      if (rnd() < 0.5) out += `<rect x="${r1(x + bw * 0.3)}" y="${r1(wy)}" width="${r1(bw * 0.2)}" height="6" fill="#fde68a" fill-opacity=".7"/>`;
    }
    x += bw + 2;
  }
  return out;
}

export function dove(cx, cy, s) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})" fill="#f8fafc">
    <path d="M-60 10 C -30 -10 0 -5 20 5 C 40 -40 80 -60 110 -55 C 80 -35 60 -10 45 10 C 60 12 70 20 75 30 C 40 35 0 35 -30 25 Z"/>
    <circle cx="-40" cy="5" r="3" fill="#0f172a"/><path d="M-62 8 L -75 12 L -60 14 Z" fill="#f59e0b"/>
    <path d="M70 28 C 80 22 92 24 98 30" stroke="#22c55e" stroke-width="4" fill="none"/>
  </g>`;
}

export function chalkboard(w, h) {
  return `<rect x="${w * 0.06}" y="${h * 0.1}" width="${w * 0.88}" height="${h * 0.62}" rx="10" fill="#064e3b" stroke="#78350f" stroke-width="${r1(w * 0.012)}"/>`;
}

export function globe(cx, cy, r) {
  const meridians = [0.35, 0.7].map((k) => `<ellipse cx="${cx}" cy="${cy}" rx="${r1(r * k)}" ry="${r}" fill="none" stroke="#99f6e4" stroke-width="2"/>`).join('');
  const parallels = [-0.5, 0, 0.5].map((k) => `<ellipse cx="${cx}" cy="${r1(cy + r * k)}" rx="${r1(r * Math.sqrt(1 - k * k))}" ry="${r1(r * 0.12)}" fill="none" stroke="#99f6e4" stroke-width="2"/>`).join('');
  return `${glow(cx, cy, r * 1.7)}<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0f766e"/>${meridians}${parallels}<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#ccfbf1" stroke-width="3"/>`;
}

export function telescope(cx, cy, s) {
  return `<g transform="translate(${cx} ${cy}) scale(${s})">
    <rect x="-90" y="-22" width="170" height="40" rx="8" fill="#e2e8f0" transform="rotate(-28)"/>
    <rect x="60" y="-60" width="34" height="52" rx="6" fill="#cbd5e1" transform="rotate(-28)"/>
    <path d="M-10 10 L -50 110 M-10 10 L 30 110 M-10 10 L -10 110" stroke="#94a3b8" stroke-width="8"/>
  </g>`;
}
