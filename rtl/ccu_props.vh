// ccu_props.vh: the formal properties of ccu (rtl/ccu.v, `ifdef FORMAL), included inside the
// module; the contract they check is stated in ccu.v's header.
  // this edge's kept write took a locked entry, or its allocation a locked one, one a
  // source hits, or none for a missing register
  reg f_vlocked;
  integer fv;
  always @* begin
    f_vlocked = f_wlocked;
    for (fv = 0; fv < MaxSrcs; fv = fv + 1)
      f_vlocked = f_vlocked | (alloc && (|(vsel[fv*Slots +: Slots] & (a_lock | hm)) ||
                                         (s_nm[fv] && !(|vsel[fv*Slots +: Slots]))));
  end
  reg f_init = 1'b0;         // past the first (reset) cycle
  reg [Slots-1:0] f_oct;     // the entries the collector table points at
  integer fa, fb;
  always @* begin
    f_oct = {Slots{1'b0}};
    for (fa = 0; fa < MaxSrcs; fa = fa + 1)
      if (sv_q[fa]) f_oct[idx_q[fa*IdxBits +: IdxBits]] = 1'b1;
  end
  // the induction invariant: exactly the entries of the held instruction are locked
  always @* if (f_init) assert(lock_q == (busy_q ? f_oct : {Slots{1'b0}}));
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* if (f_init && rst_ni) assert(!f_vlocked);
  // the per-entry hits are the sources' hits
  reg [Slots-1:0] f_hm;
  always @* begin
    f_hm = {Slots{1'b0}};
    for (fv = 0; fv < MaxSrcs; fv = fv + 1) f_hm = f_hm | s_h[fv*Slots +: Slots];
  end
  always @* if (f_init && rst_ni) assert(hm == f_hm);
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
