// ccu_props.vh: the formal properties of ccu (rtl/ccu.v, `ifdef FORMAL), included inside the
// module; the contract they check is stated in ccu.v's header.
  // this edge's kept write took a locked entry (or at an allocation edge one holding a
  // source's register), or its placement a locked one, or none for a first waiting source
  reg f_vlocked;
  reg [MaxSrcs-1:0] f_first;   // the first waiting source of each register
  integer fv, fw;
  always @* begin
    f_vlocked = f_wlocked;
    for (fv = 0; fv < MaxSrcs; fv = fv + 1) begin
      f_first[fv] = wait_q[fv];
      for (fw = 0; fw < fv; fw = fw + 1)
        if (wait_q[fw] && same_q[fv*MaxSrcs + fw]) f_first[fv] = 1'b0;
      f_vlocked = f_vlocked | (|(vsel[fv*Slots +: Slots] & lock_q)) ||
                  (f_first[fv] && !(|vsel[fv*Slots +: Slots]));
    end
  end
  reg f_init = 1'b0;         // past the first (reset) cycle
  reg [Slots-1:0] f_oct;     // the entries the collector table points at
  integer fa, fb;
  always @* begin
    f_oct = {Slots{1'b0}};
    for (fa = 0; fa < MaxSrcs; fa = fa + 1)
      if (sv_q[fa] && !wait_q[fa]) f_oct[idx_q[fa*IdxBits +: IdxBits]] = 1'b1;
  end
  // the induction invariants: exactly the entries of the held instruction's placed sources
  // are locked; a waiting source is valid, not ready, and its register in no valid entry; the
  // registered register matches agree with the registers
  always @* if (f_init) assert(lock_q == (busy_q ? f_oct : {Slots{1'b0}}));
  always @* if (f_init)
    for (fa = 0; fa < MaxSrcs; fa = fa + 1)
      if (wait_q[fa]) begin
        assert(busy_q && sv_q[fa] && !rdy_q[fa]);
        for (fb = 0; fb < Slots; fb = fb + 1)
          assert(!(valid_q[fb] && tag_q[fb*RegBits +: RegBits] == src_q[fa*RegBits +: RegBits]));
        for (fb = 0; fb < MaxSrcs; fb = fb + 1)
          if (wait_q[fb])
            assert(same_q[fa*MaxSrcs + fb] == (src_q[fa*RegBits +: RegBits] == src_q[fb*RegBits +: RegBits]));
      end
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* if (f_init && rst_ni) assert(!f_vlocked);
  always @* if (f_init)
    for (fa = 0; fa < Slots; fa = fa + 1) begin
      assert(lru_rank[fa*IdxBits +: IdxBits] < Slots);
      assert(owned_q || !valid_q[fa]);
      assert(valid_q[fa] || near_q[fa*NearBits +: NearBits] == {NearBits{1'b0}});
      for (fb = fa + 1; fb < Slots; fb = fb + 1) begin
        assert(lru_rank[fa*IdxBits +: IdxBits] != lru_rank[fb*IdxBits +: IdxBits]);
        assert(!(valid_q[fa] && valid_q[fb] &&
                 tag_q[fa*RegBits +: RegBits] == tag_q[fb*RegBits +: RegBits]));
      end
    end
