// The AES S-box and its inverse as Boolean circuits, for bit-sliced state.
//
// b[i] holds bit i of every byte the slice covers, one byte per bit of the
// vector (or of the integer, in tests), so one call substitutes as many
// bytes as V has bits. The gates are Boyar and Peralta's depth-16 circuits
// ("A Small Depth-16 Circuit for the AES S-Box", SEC 2012, figures 5 to 9):
// a linear top layer per direction, the shared nonlinear middle (inversion
// in a tower basis) and a linear bottom layer per direction. Their XNOR
// gates are XORs here, so the forward circuit returns S(x) ^ 0x63 and the
// inverse one wants its input XORed with 0x63; the engine folds both
// constants into its round keys. Only XOR and AND: constant time on any V.
#ifndef BRAID_SIMD_AES_SLICED_H_
#define BRAID_SIMD_AES_SLICED_H_

#include "braid/namespace.h"
#include "braid/simd/inline.h"

BRAID_NAMESPACE_BEGIN
namespace simd {
namespace sliced {

// What the middle layer hands to either bottom layer.
template <class V>
struct Inverted {
  V m46, m47, m48, m49, m50, m51, m52, m53, m54;
  V m55, m56, m57, m58, m59, m60, m61, m62, m63;
};

template <class V>
BRAID_INLINE Inverted<V> Invert(V t1, V t2, V t3, V t4, V t6, V t8, V t9, V t10,
                                V t13, V t14, V t15, V t16, V t17, V t19, V t20,
                                V t22, V t23, V t24, V t25, V t26, V t27, V d) {
  Inverted<V> out;
  const V m1 = t13 & t6;
  const V m2 = t23 & t8;
  const V m3 = t14 ^ m1;
  const V m4 = t19 & d;
  const V m5 = m4 ^ m1;
  const V m6 = t3 & t16;
  const V m7 = t22 & t9;
  const V m8 = t26 ^ m6;
  const V m9 = t20 & t17;
  const V m10 = m9 ^ m6;
  const V m11 = t1 & t15;
  const V m12 = t4 & t27;
  const V m13 = m12 ^ m11;
  const V m14 = t2 & t10;
  const V m15 = m14 ^ m11;
  const V m16 = m3 ^ m2;
  const V m17 = m5 ^ t24;
  const V m18 = m8 ^ m7;
  const V m19 = m10 ^ m15;
  const V m20 = m16 ^ m13;
  const V m21 = m17 ^ m15;
  const V m22 = m18 ^ m13;
  const V m23 = m19 ^ t25;
  const V m24 = m22 ^ m23;
  const V m25 = m22 & m20;
  const V m26 = m21 ^ m25;
  const V m27 = m20 ^ m21;
  const V m28 = m23 ^ m25;
  const V m29 = m28 & m27;
  const V m30 = m26 & m24;
  const V m31 = m20 & m23;
  const V m32 = m27 & m31;
  const V m33 = m27 ^ m25;
  const V m34 = m21 & m22;
  const V m35 = m24 & m34;
  const V m36 = m24 ^ m25;
  const V m37 = m21 ^ m29;
  const V m38 = m32 ^ m33;
  const V m39 = m23 ^ m30;
  const V m40 = m35 ^ m36;
  const V m41 = m38 ^ m40;
  const V m42 = m37 ^ m39;
  const V m43 = m37 ^ m38;
  const V m44 = m39 ^ m40;
  const V m45 = m42 ^ m41;
  out.m46 = m44 & t6;
  out.m47 = m40 & t8;
  out.m48 = m39 & d;
  out.m49 = m43 & t16;
  out.m50 = m38 & t9;
  out.m51 = m37 & t17;
  out.m52 = m42 & t15;
  out.m53 = m45 & t27;
  out.m54 = m41 & t10;
  out.m55 = m44 & t13;
  out.m56 = m40 & t23;
  out.m57 = m39 & t19;
  out.m58 = m43 & t3;
  out.m59 = m38 & t22;
  out.m60 = m37 & t20;
  out.m61 = m42 & t1;
  out.m62 = m45 & t4;
  out.m63 = m41 & t2;
  return out;
}

// b = S(b) ^ 0x63, bytewise.
template <class V>
BRAID_INLINE void SubBytes(V (&b)[8]) {
  const V t1 = b[7] ^ b[4];
  const V t2 = b[7] ^ b[2];
  const V t3 = b[7] ^ b[1];
  const V t4 = b[4] ^ b[2];
  const V t5 = b[3] ^ b[1];
  const V t6 = t1 ^ t5;
  const V t7 = b[6] ^ b[5];
  const V t8 = b[0] ^ t6;
  const V t9 = b[0] ^ t7;
  const V t10 = t6 ^ t7;
  const V t11 = b[6] ^ b[2];
  const V t12 = b[5] ^ b[2];
  const V t13 = t3 ^ t4;
  const V t14 = t6 ^ t11;
  const V t15 = t5 ^ t11;
  const V t16 = t5 ^ t12;
  const V t17 = t9 ^ t16;
  const V t18 = b[4] ^ b[0];
  const V t19 = t7 ^ t18;
  const V t20 = t1 ^ t19;
  const V t21 = b[1] ^ b[0];
  const V t22 = t7 ^ t21;
  const V t23 = t2 ^ t22;
  const V t24 = t2 ^ t10;
  const V t25 = t20 ^ t17;
  const V t26 = t3 ^ t16;
  const V t27 = t1 ^ t12;
  const Inverted<V> m =
      Invert(t1, t2, t3, t4, t6, t8, t9, t10, t13, t14, t15, t16, t17, t19, t20,
             t22, t23, t24, t25, t26, t27, b[0]);
  const V l0 = m.m61 ^ m.m62;
  const V l1 = m.m50 ^ m.m56;
  const V l2 = m.m46 ^ m.m48;
  const V l3 = m.m47 ^ m.m55;
  const V l4 = m.m54 ^ m.m58;
  const V l5 = m.m49 ^ m.m61;
  const V l6 = m.m62 ^ l5;
  const V l7 = m.m46 ^ l3;
  const V l8 = m.m51 ^ m.m59;
  const V l9 = m.m52 ^ m.m53;
  const V l10 = m.m53 ^ l4;
  const V l11 = m.m60 ^ l2;
  const V l12 = m.m48 ^ m.m51;
  const V l13 = m.m50 ^ l0;
  const V l14 = m.m52 ^ m.m61;
  const V l15 = m.m55 ^ l1;
  const V l16 = m.m56 ^ l0;
  const V l17 = m.m57 ^ l1;
  const V l18 = m.m58 ^ l8;
  const V l19 = m.m63 ^ l4;
  const V l20 = l0 ^ l1;
  const V l21 = l1 ^ l7;
  const V l22 = l3 ^ l12;
  const V l23 = l18 ^ l2;
  const V l24 = l15 ^ l9;
  const V l25 = l6 ^ l10;
  const V l26 = l7 ^ l9;
  const V l27 = l8 ^ l10;
  const V l28 = l11 ^ l14;
  const V l29 = l11 ^ l17;
  b[7] = l6 ^ l24;
  b[6] = l16 ^ l26;
  b[5] = l19 ^ l28;
  b[4] = l6 ^ l21;
  b[3] = l20 ^ l22;
  b[2] = l25 ^ l29;
  b[1] = l13 ^ l27;
  b[0] = l6 ^ l23;
}

// b = S^-1(b ^ 0x63), bytewise.
template <class V>
BRAID_INLINE void InvSubBytes(V (&b)[8]) {
  const V t23 = b[7] ^ b[4];
  const V t22 = b[6] ^ b[4];
  const V t2 = b[7] ^ b[6];
  const V t1 = b[4] ^ b[3];
  const V t24 = b[3] ^ b[0];
  const V r5 = b[1] ^ b[0];
  const V t8 = b[6] ^ t23;
  const V t19 = t22 ^ r5;
  const V t9 = b[0] ^ t1;
  const V t10 = t2 ^ t24;
  const V t13 = t2 ^ r5;
  const V t3 = t1 ^ r5;
  const V t25 = b[5] ^ t1;
  const V r13 = b[6] ^ b[1];
  const V t17 = b[5] ^ t19;
  const V t20 = t24 ^ r13;
  const V t4 = b[3] ^ t8;
  const V r17 = b[5] ^ b[2];
  const V r18 = b[2] ^ b[1];
  const V r19 = b[5] ^ b[3];
  const V y5 = b[7] ^ r17;
  const V t6 = t22 ^ r17;
  const V t16 = r13 ^ r19;
  const V t27 = t1 ^ r18;
  const V t15 = t10 ^ t27;
  const V t14 = t10 ^ r18;
  const V t26 = t3 ^ t16;
  const Inverted<V> m =
      Invert(t1, t2, t3, t4, t6, t8, t9, t10, t13, t14, t15, t16, t17, t19, t20,
             t22, t23, t24, t25, t26, t27, y5);
  const V p0 = m.m52 ^ m.m61;
  const V p1 = m.m58 ^ m.m59;
  const V p2 = m.m54 ^ m.m62;
  const V p3 = m.m47 ^ m.m50;
  const V p4 = m.m48 ^ m.m56;
  const V p5 = m.m46 ^ m.m51;
  const V p6 = m.m49 ^ m.m60;
  const V p7 = p0 ^ p1;
  const V p8 = m.m50 ^ m.m53;
  const V p9 = m.m55 ^ m.m63;
  const V p10 = m.m57 ^ p4;
  const V p11 = p0 ^ p3;
  const V p12 = m.m46 ^ m.m48;
  const V p13 = m.m49 ^ m.m51;
  const V p14 = m.m49 ^ m.m62;
  const V p15 = m.m54 ^ m.m59;
  const V p16 = m.m57 ^ m.m61;
  const V p17 = m.m58 ^ p2;
  const V p18 = m.m63 ^ p5;
  const V p19 = p2 ^ p3;
  const V p20 = p4 ^ p6;
  const V p22 = p2 ^ p7;
  const V p23 = p7 ^ p8;
  const V p24 = p5 ^ p7;
  const V p25 = p6 ^ p10;
  const V p26 = p9 ^ p11;
  const V p27 = p10 ^ p18;
  const V p28 = p11 ^ p25;
  const V p29 = p15 ^ p20;
  b[7] = p13 ^ p22;
  b[6] = p26 ^ p29;
  b[5] = p17 ^ p28;
  b[4] = p12 ^ p22;
  b[3] = p23 ^ p27;
  b[2] = p19 ^ p24;
  b[1] = p14 ^ p23;
  b[0] = p9 ^ p16;
}

}  // namespace sliced
}  // namespace simd
BRAID_NAMESPACE_END

#endif  // BRAID_SIMD_AES_SLICED_H_
