//! Scalar execution: SOP1, SOP2, SOPK, SOPC, SOPP. (To be written.)
