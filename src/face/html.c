/* SPDX-License-Identifier: ISC
 * html.c - the HTML face: a lesson as one page.  Each scene is applied to
 * a state and drawn as `warpviz show --lesson NAME --scene K` draws it
 * (the same frame, narration box included), then set inline by the SVG
 * face's svg_print_element; its title and narration follow as text, so
 * that they can be read, searched and copied.  The style and the script
 * are inline and small: the page is one file that works from a disk, a
 * course's web server or a mail attachment, and with scripting off it
 * shows every scene one under the other.
 *
 * Keys (as the lecture screen's): Right, PgDn, n next; Left, PgUp, N
 * previous; Home and End the first and last.  A scene that asks shows
 * its question first, the numbers hidden, as the lecture screen asks:
 * Space, Enter, the button under it, or Right (before moving on) shows
 * the answer.  The location's hash (#K)
 * names the scene shown, so a scene can be linked to.  Text from a
 * lesson file is escaped; control characters become '?'.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "html.h"
#include "roles.h"
#include "state.h"
#include "svg.h"
#include "view.h"
#include "xmalloc.h"

/* The page's colours follow the theme the lesson starts in: the light
   theme's frames sit on a light page. */
static const char html_dark[] =
":root{--bg:#161616;--fg:#e0e0e0;--dim:#999;--rule:#333}\n";
static const char html_light[] =
":root{--bg:#f4f4f4;--fg:#1e1e1e;--dim:#555;--rule:#ccc}\n";
static const char html_style[] =
"body{margin:0;background:var(--bg);color:var(--fg);"
"font-family:system-ui,sans-serif}\n"
"header{position:sticky;top:0;z-index:1;background:var(--bg);"
"display:flex;flex-wrap:wrap;align-items:center;gap:.5em 1em;"
"padding:.5em 1em;border-bottom:1px solid var(--rule)}\n"
"h1{font-size:1.1em;margin:0;flex:1 1 20em}\n"
"nav button{font:inherit;padding:.2em .8em;cursor:pointer}\n"
"#where{font-variant-numeric:tabular-nums;min-width:4em;"
"display:inline-block;text-align:center}\n"
"section.scene{padding:.5em 1em 1.5em}\n"
"section.scene h2{font-size:1em;margin:.3em 0}\n"
"figure{margin:0}\n"
"figure svg{display:block;max-width:100%;height:auto}\n"
"figcaption{max-width:60em;margin-top:.6em;line-height:1.4}\n"
"p.keys{color:var(--dim);font-size:.85em;padding:0 1em}\n"
"p.reveal button{font:inherit;padding:.3em 1em;cursor:pointer}\n";

/* Step through the sections; the hash names the scene (from 1). */
static const char html_script[] =
"(function () {\n"
"\tvar s = document.querySelectorAll('section.scene'), n = s.length;\n"
"\tvar prev = document.getElementById('prev');\n"
"\tvar next = document.getElementById('next');\n"
"\tvar where = document.getElementById('where'), cur = -1;\n"
"\tvar told = false;\n"
"\t/* A scene that asks: its question, or once told its answer. */\n"
"\tfunction answer(i, yes) {\n"
"\t\tvar a = s[i].querySelector('figure.answer');\n"
"\t\tif (a === null)\n"
"\t\t\treturn;\n"
"\t\ts[i].querySelector('figure.frame').hidden = yes;\n"
"\t\ts[i].querySelector('p.reveal').hidden = yes;\n"
"\t\ta.hidden = !yes;\n"
"\t}\n"
"\tfunction tell() {\n"
"\t\tif (told || !s[cur].hasAttribute('data-ask'))\n"
"\t\t\treturn false;\n"
"\t\tanswer(cur, true);\n"
"\t\ttold = true;\n"
"\t\treturn true;\n"
"\t}\n"
"\tfunction show(k) {\n"
"\t\tk = Math.max(0, Math.min(n - 1, k));\n"
"\t\tfor (var i = 0; i < n; i++) {\n"
"\t\t\ts[i].hidden = i !== k;\n"
"\t\t\tanswer(i, false);\n"
"\t\t}\n"
"\t\ttold = false;\n"
"\t\tcur = k;\n"
"\t\twhere.textContent = (k + 1) + '/' + n;\n"
"\t\tprev.disabled = k === 0;\n"
"\t\tnext.disabled = k === n - 1;\n"
"\t\tdocument.body.setAttribute('data-scene', k + 1);\n"
"\t\tif (location.hash !== '#' + (k + 1))\n"
"\t\t\ttry { history.replaceState(null, '', '#' + (k + 1)); }\n"
"\t\t\tcatch (e) {}\n"
"\t}\n"
"\tfunction fromHash(k) {\n"
"\t\tvar h = parseInt(location.hash.slice(1), 10);\n"
"\t\tshow(h >= 1 ? h - 1 : k);\n"
"\t}\n"
"\tprev.addEventListener('click', function () { show(cur - 1); });\n"
"\tnext.addEventListener('click', function () {\n"
"\t\ttell() || show(cur + 1);\n"
"\t});\n"
"\tArray.prototype.forEach.call(document.querySelectorAll(\n"
"\t    'button.reveal'), function (b) {\n"
"\t\tb.addEventListener('click', tell);\n"
"\t});\n"
"\tdocument.addEventListener('keydown', function (e) {\n"
"\t\tif (e.altKey || e.ctrlKey || e.metaKey)\n"
"\t\t\treturn;\n"
"\t\tswitch (e.key) {\n"
"\t\tcase 'ArrowRight': case 'PageDown': case 'n':\n"
"\t\t\ttell() || show(cur + 1); break;\n"
"\t\tcase ' ': case 'Enter':\n"
"\t\t\tif (!tell())\n"
"\t\t\t\treturn;\n"
"\t\t\tbreak;\n"
"\t\tcase 'ArrowLeft': case 'PageUp': case 'N':\n"
"\t\t\tshow(cur - 1); break;\n"
"\t\tcase 'Home': show(0); break;\n"
"\t\tcase 'End': show(n - 1); break;\n"
"\t\tdefault: return;\n"
"\t\t}\n"
"\t\te.preventDefault();\n"
"\t});\n"
"\twindow.addEventListener('hashchange', function () {\n"
"\t\tfromHash(cur);\n"
"\t});\n"
"\tdocument.getElementById('keys').hidden = false;\n"
"\tfromHash(parseInt(document.body.getAttribute('data-start'), 10) - 1);\n"
"})();\n";

/* Write s escaped for HTML text and attribute values. */
static void
html_put(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			if ((unsigned char)*s < 0x20 || *s == 0x7f)
				fputc('?', f);
			else
				fputc(*s, f);
			break;
		}
	}
}

/* A scene's frames: the one shown first, and for a scene that asks,
   the answer. */
struct html_frames {
	struct canvas	*cv;
	struct canvas	*answer;
	char		 question[PREDICT_QUESTION_MAX];
};

/* Draw st as the lecture screen shows it, with vo, into a new canvas;
   NULL when there is nothing to draw. */
static struct canvas *
html_frame(struct state *st, const struct view_opts *vo,
    const struct html_opts *ho)
{
	struct canvas	*cv;

	cv = canvas_new(ho->w, ho->h, ho->ascii);
	if (state_draw(cv, st, vo) == 0) {
		canvas_free(cv);
		return NULL;
	}
	return cv;
}

/*
 * Draw scene k (from 0) of ls as the lecture screen shows it: into
 * fr->cv, and for a scene that asks a question about its counts (its
 * 'ask' line) first asking, the numbers hidden (fr->cv), then answered
 * (fr->answer) with the lanes that make it so boxed, as the lecture
 * screen's predict mode does ("which is faster" where ho->recorded_ms
 * has both times).  -1 with *cause when the model cannot draw it.
 */
static int
html_scene(const struct lesson *ls, int k, const struct html_opts *ho,
    struct html_frames *fr, char **cause)
{
	const struct lesson_scene	*sc = &ls->scenes[k];
	struct state			 st;
	struct view_opts		 vo;
	const char			*why;
	char				 title[LESSON_TITLE_MAX + 48];
	char				 text[PREDICT_WHY_MAX + 96];
	char				 answer[PREDICT_WHY_MAX + 128];

	memset(fr, 0, sizeof *fr);
	state_init(&st, sc->arch);
	state_set_width(&st, ho->w);
	if (state_apply(&st, sc, cause) != 0) {
		state_free(&st);
		return -1;
	}
	st.zoom = ho->zoom;
	if (st.status[0] == '\0') {
		state_retotal(&st);
		state_update(&st);
	}
	memset(&vo, 0, sizeof vo);
	snprintf(title, sizeof title, "%d/%d %s", k + 1, ls->nscenes,
	    sc->title);
	vo.scene = title;
	vo.narration = sc->say;
	if (st.status[0] == '\0' && st.ask_pending &&
	    state_ask(&st, st.ask, ho->recorded_ms, &why) == 0) {
		snprintf(fr->question, sizeof fr->question, "%s",
		    st.truth.question);
		vo.hide = 1;
		vo.narration = st.truth.question;
		snprintf(title, sizeof title, "%d/%d %s (predict first)",
		    k + 1, ls->nscenes, sc->title);
		fr->cv = html_frame(&st, &vo, ho);
		vo.hide = 0;
		predict_answer_text(&st.truth, text, sizeof text);
		snprintf(answer, sizeof answer, "Answer: %s", text);
		vo.narration = answer;
		snprintf(title, sizeof title, "%d/%d %s (the answer)", k + 1,
		    ls->nscenes, sc->title);
		if (st.truth.lanes != 0) {
			st.focus = st.truth.lanes;
			st.focus_box = 1;
		}
		if (fr->cv != NULL && (fr->answer = html_frame(&st, &vo,
		    ho)) == NULL) {
			canvas_free(fr->cv);
			fr->cv = NULL;
		}
	} else if (st.status[0] == '\0')
		fr->cv = html_frame(&st, &vo, ho);
	if (fr->cv == NULL)
		*cause = xasprintf("scene %d (%s): %s", k + 1, sc->title,
		    st.status[0] != '\0' ? st.status : "nothing to draw");
	state_free(&st);
	return fr->cv != NULL ? 0 : -1;
}

/* The page's head and the bar with the buttons. */
static void
html_head(FILE *f, const struct lesson *ls, const struct html_opts *ho)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, "
	    "initial-scale=1\">\n", f);
	fprintf(f, "<meta name=\"generator\" content=\"warpviz %s\">\n",
	    PACKAGE_VERSION);
	fputs("<title>", f);
	html_put(f, ls->title);
	fprintf(f, "</title>\n<style>\n%s%s</style>\n</head>\n",
	    role_theme_get() == ROLE_THEME_LIGHT ? html_light : html_dark,
	    html_style);
	fprintf(f, "<body data-lesson=\"");
	html_put(f, ls->name);
	fprintf(f, "\" data-scenes=\"%d\" data-start=\"%d\">\n<header>\n<h1>",
	    ls->nscenes, ho->start);
	html_put(f, ls->title);
	fprintf(f, "</h1>\n<nav><button id=\"prev\" type=\"button\" "
	    "title=\"previous scene (Left, PgUp)\">&#8592; previous</button>"
	    "<span id=\"where\">%d scenes</span><button id=\"next\" "
	    "type=\"button\" title=\"next scene (Right, PgDn)\">next "
	    "&#8594;</button></nav>\n</header>\n", ls->nscenes);
	fputs("<p class=\"keys\" id=\"keys\" hidden>Right or PgDn: next "
	    "scene (on a question, its answer first); Space: the answer; "
	    "Left or PgUp: previous; Home, End: first, last.</p>\n"
	    "<main>\n", f);
}

/* Scene k's section: its frame, or for a scene that asks, the question
   with a button that shows the answer's frame (with scripting off, both
   show, the question first, and the button, which would do nothing,
   does not). */
static void
html_section(FILE *f, const struct lesson *ls, int k,
    const struct html_frames *fr)
{
	const struct lesson_scene	*sc = &ls->scenes[k];

	fprintf(f, "<section class=\"scene\" id=\"scene-%d\" "
	    "data-scene=\"%d\"%s>\n<h2>%d/%d ", k + 1, k + 1,
	    fr->answer != NULL ? " data-ask=\"1\"" : "", k + 1, ls->nscenes);
	html_put(f, sc->title);
	fputs("</h2>\n<figure class=\"frame\">\n", f);
	svg_print_element(f, fr->cv);
	fputs("<figcaption>", f);
	html_put(f, fr->answer != NULL ? fr->question : sc->say);
	fputs("</figcaption>\n</figure>\n", f);
	if (fr->answer != NULL) {
		fprintf(f, "<p class=\"reveal\" hidden><button type=\"button\" "
		    "class=\"reveal\" id=\"reveal-%d\" title=\"show the "
		    "answer (Space, or Right)\">show the answer</button></p>\n"
		    "<figure class=\"answer\">\n", k + 1);
		svg_print_element(f, fr->answer);
		fputs("<figcaption>", f);
		html_put(f, sc->say);
		fputs("</figcaption>\n</figure>\n", f);
	}
	fputs("</section>\n", f);
}

int
html_print_lesson(FILE *f, const struct lesson *ls,
    const struct html_opts *ho, char **cause)
{
	struct html_frames	 fr;
	int			 k;

	html_head(f, ls, ho);
	for (k = 0; k < ls->nscenes; k++) {
		if (html_scene(ls, k, ho, &fr, cause) != 0)
			return -1;
		html_section(f, ls, k, &fr);
		canvas_free(fr.cv);
		canvas_free(fr.answer);
	}
	fprintf(f, "</main>\n<script>\n%s</script>\n</body>\n</html>\n",
	    html_script);
	return 0;
}
