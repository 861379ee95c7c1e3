/** The foot of every printed document: the verification QR code and the signing authority. */
export const SIGNING_FOOTER = `<footer class="sign">
    <div class="qr">{{{qrSvg}}}<div>{{label "Scan to verify"}}</div></div>
    <div class="authority"><div class="line">{{edition.signingAuthority}}</div><div>{{label "Signing Authority"}}</div></div>
  </footer>`;
