"""Schemathesis extensions of the API fuzz step (loaded through SCHEMATHESIS_HOOKS by tools/test/api-fuzz.mjs).

The only file parts of the services' APIs are the candidate form's `photo` and `signature`, which
the OpenAPI documents declare as JPEG, PNG, WebP or GIF (`encoding.contentType`). Schemathesis'
built-in `binary` values also include PDFs, zips and arbitrary bytes, which the server rightly
refuses (400), so a positive case would never reach the handler. Here `binary` draws one of the four
image types, as real decodable files. Negative cases leave file parts alone and break other fields.

(Registering the images per media type instead makes schemathesis 4.32's coverage phase send every
other required part empty, a case it then counts as valid.)
"""

from hypothesis import strategies as st

import schemathesis
from schemathesis.core.file_samples import MEDIA_TYPE_FILE_SAMPLES

ACCEPTED_IMAGES = ("image/jpeg", "image/png", "image/webp", "image/gif")

schemathesis.openapi.format("binary", st.sampled_from([MEDIA_TYPE_FILE_SAMPLES[media_type] for media_type in ACCEPTED_IMAGES]))
