/* SPDX-License-Identifier: ISC
 * test-safe.c - SHA-256 against the examples of FIPS 180-4 (NIST's
 * "Example Algorithms" for SHA-256: "abc", the 448-bit two-block message,
 * and one million 'a' from FIPS 180-2 appendix B.3) and the empty
 * message's published digest; and the sanitiser (safestr) on control
 * characters and on the malformed sequences of Markus Kuhn's UTF-8
 * decoder stress test (overlong, surrogate, beyond U+10FFFF, lone
 * continuation, truncated), which each become U+FFFD byte by byte; and
 * the JSON string writer on the same controls.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jsonstr.h"
#include "safestr.h"
#include "sha256.h"
#include "tap.h"

#define FFFD	"\xef\xbf\xbd"

static void
test_sha256(void)
{
	struct sha256	s;
	char		hex[SHA256_HEX], *a;
	size_t		i;

	sha256_hex("abc", 3, hex);
	is_str(hex, "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad", "FIPS 180-4: \"abc\"");
	sha256_hex("", 0, hex);
	is_str(hex, "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855", "the empty message");
	sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
	    56, hex);
	is_str(hex, "248d6a61d20638b8e5c026930c3e6039"
	    "a33ce45964ff2167f6ecedd419db06c1",
	    "FIPS 180-4: 448 bits, padding spills into a second block");
	/* One million 'a', fed in uneven pieces to cross block edges. */
	a = malloc(1000000);
	memset(a, 'a', 1000000);
	sha256_init(&s);
	for (i = 0; i < 1000000; i += 999)
		sha256_update(&s, a + i, 1000000 - i < 999 ? 1000000 - i : 999);
	sha256_final_hex(&s, hex);
	is_str(hex, "cdc76e5c9914fb9281a1c7e284d73e67"
	    "f1809a48a497200e046d39ccc7112cd0",
	    "FIPS 180-2 B.3: one million 'a' in pieces of 999");
	sha256_hex(a, 55, hex);
	sha256_init(&s);
	sha256_update(&s, a, 55);
	{
		char	again[SHA256_HEX];

		sha256_final_hex(&s, again);
		is_str(again, hex, "55 bytes: the length fits the first block");
	}
	free(a);
}

static void
safe_is(const char *in, const char *want, const char *what)
{
	char	*got = safestr_dup(in);

	is_str(got, want, "safestr: %s", what);
	ok(safestr_is_safe(got), "safestr: %s: the result is safe", what);
	free(got);
}

static void
test_safestr(void)
{
	char	buf[8];

	safe_is("matmul-col", "matmul-col", "plain ASCII is kept");
	safe_is("caf\xc3\xa9 \xe2\x94\x80 \xf0\x9f\x98\x80",
	    "caf\xc3\xa9 \xe2\x94\x80 \xf0\x9f\x98\x80",
	    "valid 2-, 3- and 4-byte UTF-8 is kept");
	safe_is("\x1b]0;owned\x07", "\\x1b]0;owned\\x07",
	    "an OSC title sequence: ESC and BEL made visible");
	safe_is("a\tb\nc\rd\x7f", "a\\x09b\\x0ac\\x0dd\\x7f",
	    "tab, newline, CR and DEL");
	safe_is("\xc2\x9b" "31m", "\\u009b31m", "C1 CSI (U+009B) made visible");
	safe_is("\xc2\xa0", "\xc2\xa0", "U+00A0 (the first after C1) kept");
	safe_is("\xc0\xaf", FFFD FFFD, "Kuhn 4.1.1: overlong '/' (2 bytes)");
	safe_is("\xe0\x80\xaf", FFFD FFFD FFFD, "Kuhn 4.1.2: overlong '/' (3)");
	safe_is("\xed\xa0\x80", FFFD FFFD FFFD, "Kuhn 5.1.1: surrogate D800");
	safe_is("\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD,
	    "U+110000, beyond Unicode");
	safe_is("\x80x", FFFD "x", "Kuhn 3.1.1: a lone continuation byte");
	safe_is("x\xe2\x82", "x" FFFD FFFD, "a sequence cut by the end");
	safe_is("\xfe\xff", FFFD FFFD, "Kuhn 3.5: FE and FF");
	ok(!safestr_is_safe("\x1b[2J"), "is_safe: ESC is not safe");
	ok(safestr_is_safe("lane \xe2\x86\x92 sector"), "is_safe: UTF-8 is");

	is_int(safestr_copy(buf, 6, "ab\x1b" "cd"), 8,
	    "copy: the length it needs");
	is_str(buf, "ab", "copy: cut before an escape that does not fit");
	safestr_copy(buf, 7, "ab\x1b" "cd");
	is_str(buf, "ab\\x1b", "copy: the escape whole when it fits");
	is_int(safestr_copy(buf, sizeof buf, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"),
	    8, "copy: 4 two-byte characters need 8");
	is_str(buf, "\xc3\xa9\xc3\xa9\xc3\xa9", "copy: cut at a character");
	is_int(safestr_copy(NULL, 0, "\x01"), 4, "copy: NULL, 0 measures");
}

/* JSON (RFC 8259) strings stay valid UTF-8 with no raw control. */
static void
test_json(void)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*f = open_memstream(&buf, &len);

	jsonstr_write(f, "a\x1b" "b\x7f" "c\xc2\x9b" "d\xff" "e\xc3\xa9\"\\\n");
	fclose(f);
	is_str(buf, "\"a\\u001bb\\u007fc\\u009bd\\ufffde\xc3\xa9\\\"\\\\\\n\"",
	    "jsonstr: ESC, DEL, C1 escaped, a bad byte U+FFFD, UTF-8 kept");
	free(buf);
}

int
main(void)
{
	test_sha256();
	test_safestr();
	test_json();
	return (tap_done());
}
