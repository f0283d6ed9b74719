// Configuration 3 of configured-unit.c (same-source-three-configs.test).
#define CFG_NAME(x) x##_v3
#define CFG_SCALE 30
