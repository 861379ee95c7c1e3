"""Schemathesis extensions of the API fuzz step (loaded through SCHEMATHESIS_HOOKS by tools/test/api-fuzz.mjs).

The candidate form's `photo` and `signature` parts declare the image types the server accepts
(`encoding.contentType` in the OpenAPI documents). Positive cases get a real, decodable image of
the chosen type, so they reach the handler; negative cases still send arbitrary bytes, which the
server must refuse with 400.
"""

from hypothesis import strategies as st

import schemathesis
from schemathesis.core.file_samples import MEDIA_TYPE_FILE_SAMPLES

for media_type in ("image/jpeg", "image/png", "image/webp", "image/gif"):
    schemathesis.openapi.media_type(media_type, st.just(MEDIA_TYPE_FILE_SAMPLES[media_type]))
