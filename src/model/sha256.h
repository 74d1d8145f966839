/* SPDX-License-Identifier: ISC
 * sha256.h - SHA-256 (FIPS 180-4), for the keys that must not be forged:
 * the NVRTC cache's entries and the source hash that ties a recorded
 * result to the kernel text it was measured on.  Plain C, libc only.
 */
#ifndef WV_SHA256_H
#define WV_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_LEN	32
#define SHA256_HEX	65	/* 64 hex digits and the NUL */

struct sha256 {
	uint32_t	h[8];
	uint64_t	bytes;		/* hashed so far */
	unsigned char	buf[64];
	size_t		nbuf;
};

void	sha256_init(struct sha256 *);
void	sha256_update(struct sha256 *, const void *, size_t);
/* The digest; the context is spent. */
void	sha256_final(struct sha256 *, unsigned char out[SHA256_LEN]);
/* The digest of len bytes as 64 lower-case hex digits. */
void	sha256_hex(const void *, size_t len, char out[SHA256_HEX]);
/* The digest of a finished context as hex. */
void	sha256_final_hex(struct sha256 *, char out[SHA256_HEX]);

#endif
