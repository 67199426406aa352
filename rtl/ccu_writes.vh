// ccu_writes.vh: step 2 of the ccu's edge (rtl/ccu.v), the owning warp's writes, included
// inside the module after the placement (step 0).
  // 2. writes of the owning warp, port by port: w_kept[p] the entry port p keeps; a miss takes
  // the first entry in the order as the edge began that neither the placement nor an earlier
  // port took
  reg [Slots-1:0]          wv_valid, wv_lock, w_m, w_hit, w_vic, w_inv, w_cand;
  reg [Slots*NearBits-1:0] wv_near;
  reg [Slots*RegBits-1:0]  wv_tag;
  reg [WbPorts*Slots-1:0]  w_kept;
  reg [WbPorts-1:0]        w_drop;        // port p's write is not kept: far, or no port D left
  reg                      w_ok, w_keep;
`ifdef FORMAL
  reg                      f_wlocked;    // a kept write took a locked entry
`endif
  integer p, we, kept;
  always @* begin
    wv_valid  = pl_valid;
    wv_lock   = pl_lock;
    wv_near   = pl_near;
    wv_tag    = pl_tag;
`ifdef FORMAL_FAULT_CCU_WRITE_TAKES_PLACED
    w_cand    = placing ? pcand : cand & ~(alloc_own ? s_hm : {Slots{1'b0}});
`elsif FORMAL_FAULT_CCU_HIT_VICTIM
    w_cand    = placing ? pcand & ~placed : cand;
`else
    w_cand    = placing ? pcand & ~placed : cand & ~(alloc_own ? s_hm : {Slots{1'b0}});
`endif
    w_kept    = {(WbPorts*Slots){1'b0}};
    w_drop    = {WbPorts{1'b0}};
    w_m       = {Slots{1'b0}};
    w_hit     = {Slots{1'b0}};
    w_vic     = {Slots{1'b0}};
    w_inv     = {Slots{1'b0}};
    w_ok      = 1'b0;
    w_keep    = 1'b0;
`ifdef FORMAL
    f_wlocked = 1'b0;
`endif
    kept      = 0;
    for (p = 0; p < WbPorts; p = p + 1) begin
      w_ok = wr_valid_i[p] && owned_q && wr_warp_i[p*WarpBits +: WarpBits] == warp_q;
      // the first port's lookup and victim straight from the registers and the placement
      for (we = 0; we < Slots; we = we + 1)
        if (p == 0) begin
          w_m[we] = !placed[we] && valid_q[we] &&
                    tag_q[we*RegBits +: RegBits] == wr_reg_i[p*RegBits +: RegBits];
          for (pi = 0; pi < MaxSrcs; pi = pi + 1)
            w_m[we] = w_m[we] | (vsel[pi*Slots + we] &&
                                 src_q[pi*RegBits +: RegBits] == wr_reg_i[p*RegBits +: RegBits]);
        end else
          w_m[we] = wv_valid[we] && wv_tag[we*RegBits +: RegBits] == wr_reg_i[p*RegBits +: RegBits];
      // one-hot: no two valid entries hold one register (a proved invariant)
`ifdef FAULT_CCU_DUP_WRITE
      w_hit = {Slots{1'b0}};
`else
      w_hit = w_m;
`endif
`ifdef FORMAL_FAULT_CCU_WRITE_TAKES_PLACED
      w_vic  = first(w_cand, placing ? ordq : ord);
`else
      w_vic  = p == 0 && placing ? pnext : first(w_cand, placing ? ordq : ord);
`endif
      w_drop[p] = w_ok &&
                  !(kept < DPorts && wr_near_i[p*NearBits +: NearBits] != {NearBits{1'b0}});
      w_keep = w_ok && !w_drop[p] && (|w_hit || (|w_cand && !(alloc_own && s_named[p])));
      w_inv  = (w_ok && !w_keep) ? w_hit : {Slots{1'b0}};
      if (w_keep) begin
        kept = kept + 1;
        w_kept[p*Slots +: Slots] = |w_hit ? w_hit : w_vic;
`ifdef FORMAL
        f_wlocked = f_wlocked |
                    (!(|w_hit) && |(w_vic & (pl_lock | (alloc_own ? s_hm : {Slots{1'b0}}))));
`endif
      end
      w_cand = w_cand & ~w_kept[p*Slots +: Slots];
      for (we = 0; we < Slots; we = we + 1) begin
        if (w_kept[p*Slots + we]) begin
          if (!w_hit[we]) begin
            wv_valid[we] = 1'b1;
            wv_tag[we*RegBits +: RegBits] = wr_reg_i[p*RegBits +: RegBits];
            wv_lock[we] = 1'b0;
          end
          wv_near[we*NearBits +: NearBits] = wr_near_i[p*NearBits +: NearBits];
        end
`ifndef FAULT_CCU_FAR_STALE
        if (w_inv[we]) begin
          wv_valid[we] = 1'b0;
`ifndef FORMAL_FAULT_CCU_INVALID_NEAR
          wv_near[we*NearBits +: NearBits] = {NearBits{1'b0}};
`endif
        end
`endif
      end
    end
  end
