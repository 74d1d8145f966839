/* roles.c - TEMPORARY placeholder. */
#include "config.h"
#include "roles.h"
const struct role_style role_styles[ROLE_COUNT];
