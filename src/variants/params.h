/* SPDX-License-Identifier: ISC
 * params.h - parameter definitions several families share, as initialisers
 * for struct param_def.  Include only from src/variants/.
 */
#ifndef WV_VARIANTS_PARAMS_H
#define WV_VARIANTS_PARAMS_H

#define PARAM_BX(d) { .name = "bx", .sym = "BX", .min = 1, .max = 1024, \
	.def = (d), .unit = "threads", .text = "block width (blockDim.x)" }
#define PARAM_BY(d) { .name = "by", .sym = "BY", .min = 1, .max = 1024, \
	.def = (d), .unit = "threads", .text = "block height (blockDim.y)" }
#define PARAM_BS(d, mx) { .name = "bs", .sym = "BS", .min = 32, \
	.max = (mx), .def = (d), .flags = PARAM_POW2, .unit = "threads", \
	.text = "threads per block (blockDim.x)" }

#endif
