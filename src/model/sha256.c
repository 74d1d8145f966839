/* SPDX-License-Identifier: ISC
 * sha256.c - SHA-256 as FIPS 180-4 section 6.2 states it (see sha256.h).
 * Words are big-endian; the message is padded with 0x80, zeros and its
 * length in bits as a 64-bit big-endian number.
 */
#include "config.h"

#include <string.h>

#include "sha256.h"

static const uint32_t k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

#define ROR(x, n)	(((x) >> (n)) | ((x) << (32 - (n))))

void
sha256_init(struct sha256 *s)
{
	static const uint32_t	h0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372,
	    0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };

	memcpy(s->h, h0, sizeof s->h);
	s->bytes = 0;
	s->nbuf = 0;
}

/* One 64-byte block into the state. */
static void
sha256_block(struct sha256 *s, const unsigned char *p)
{
	uint32_t	w[64], a, b, c, d, e, f, g, h, t1, t2;
	int		i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		    (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 64; i++)
		w[i] = (ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^
		    (w[i - 2] >> 10)) + w[i - 7] + (ROR(w[i - 15], 7) ^
		    ROR(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 16];
	a = s->h[0]; b = s->h[1]; c = s->h[2]; d = s->h[3];
	e = s->h[4]; f = s->h[5]; g = s->h[6]; h = s->h[7];
	for (i = 0; i < 64; i++) {
		t1 = h + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) +
		    ((e & f) ^ (~e & g)) + k[i] + w[i];
		t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) +
		    ((a & b) ^ (a & c) ^ (b & c));
		h = g; g = f; f = e; e = d + t1;
		d = c; c = b; b = a; a = t1 + t2;
	}
	s->h[0] += a; s->h[1] += b; s->h[2] += c; s->h[3] += d;
	s->h[4] += e; s->h[5] += f; s->h[6] += g; s->h[7] += h;
}

void
sha256_update(struct sha256 *s, const void *data, size_t len)
{
	const unsigned char	*p = data;
	size_t			 n;

	s->bytes += len;
	while (len > 0) {
		if (s->nbuf == 0 && len >= 64) {
			sha256_block(s, p);
			p += 64;
			len -= 64;
			continue;
		}
		n = 64 - s->nbuf < len ? 64 - s->nbuf : len;
		memcpy(s->buf + s->nbuf, p, n);
		s->nbuf += n;
		p += n;
		len -= n;
		if (s->nbuf == 64) {
			sha256_block(s, s->buf);
			s->nbuf = 0;
		}
	}
}

void
sha256_final(struct sha256 *s, unsigned char out[SHA256_LEN])
{
	uint64_t	bits = s->bytes * 8;
	int		i;

	s->buf[s->nbuf++] = 0x80;
	if (s->nbuf > 56) {
		memset(s->buf + s->nbuf, 0, 64 - s->nbuf);
		sha256_block(s, s->buf);
		s->nbuf = 0;
	}
	memset(s->buf + s->nbuf, 0, 56 - s->nbuf);
	for (i = 0; i < 8; i++)
		s->buf[56 + i] = (unsigned char)(bits >> (56 - 8 * i));
	sha256_block(s, s->buf);
	for (i = 0; i < 8; i++) {
		out[4 * i] = (unsigned char)(s->h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(s->h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(s->h[i] >> 8);
		out[4 * i + 3] = (unsigned char)s->h[i];
	}
}

void
sha256_final_hex(struct sha256 *s, char out[SHA256_HEX])
{
	static const char	hex[] = "0123456789abcdef";
	unsigned char		d[SHA256_LEN];
	int			i;

	sha256_final(s, d);
	for (i = 0; i < SHA256_LEN; i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[2 * SHA256_LEN] = '\0';
}

void
sha256_hex(const void *data, size_t len, char out[SHA256_HEX])
{
	struct sha256	s;

	sha256_init(&s);
	sha256_update(&s, data, len);
	sha256_final_hex(&s, out);
}
