// avail: physical-register availability flags and allocator of cross-warp register renaming
// (Jeon and Annavaram Secs. 6.1, 7.2, Fig. 7), one per sub-core. Register p lies in bank
// p mod Banks at row p / Banks; a bank's rows split evenly into Subarrays sub-arrays.
//   alloc:   ports in order, each seeing the earlier ports' picks; with bank_aware only bank
//            al_bank. policy (an input tied to the preset's rn_policy: one circuit for all) 0
//            consolidate: the lowest free row of the non-full sub-array with the most allocated
//            rows (ties: lower sub-array, then lower bank); 1 spread: the first free register
//            at or after last + one sub-array's worth (wrapping; last is the previous cycle's
//            last grant); 2, 3 first: the lowest free register.
//   free:    refused and flagged (fr_err) when the register is not allocated.
//   reserve: sets the flag.
// At the edge: flags = ((flags | granted) & ~freed) | reserved.
// Contract identical to cmodel/avail.h.
// Built for a 1 GHz clock: the ports do not search in turn. A port with k earlier valid ports
// of its list (its bank's with bank_aware, else every port) takes the list's (k+1)-th free
// register in the policy's order, which is what the ports in turn would pick (consolidation
// keeps filling the sub-array it chose until it is full, then the next in the same order;
// spread's start is fixed for the cycle). Every register's place in its list (the free
// registers before it, a thermometer code saturating at Ports) is its place within its
// sub-array (a parallel prefix over the rows) plus the free registers of the sub-arrays before
// it in the policy's order (parallel prefixes over the sub-arrays, or for consolidation a
// balanced sum of the groups ranked before it); without bank_aware, index order interleaves
// the banks, so a place adds the banks' places at its row. Each port takes the free register
// whose place is its k: no step waits for another port.
// Build-time fault variants: FAULT_AVAIL_DOUBLE_GRANT (a port does not see the earlier ports'
// picks), FAULT_AVAIL_FREE_UNCHECKED (a free of a free register is not flagged),
// FAULT_AVAIL_RANK_TIE (consolidation breaks a tie towards the higher sub-array).
// Proof-only fault variants (make formal): FORMAL_FAULT_AVAIL_RESERVE_LOST,
// FORMAL_FAULT_AVAIL_FREE_LOST and FORMAL_FAULT_AVAIL_GRANT_LOST (the edge drops a reserve, an
// accepted free, a grant), FORMAL_FAULT_AVAIL_FREE_BEATS_RESERVE (a free applied after a
// reserve of the same register), FORMAL_FAULT_AVAIL_RESET_HOLE (reset leaves the flags),
// FORMAL_FAULT_AVAIL_BANK_IGNORED (first and spread take any bank), FORMAL_FAULT_AVAIL_TOP_UNUSED
// (the lowest-free search never finds the highest register).
// Properties (`ifdef FORMAL, make formal): avail never frees a register it did not allocate
// (a free it accepts finds the flag set), never grants an allocated register or one register
// twice in a cycle; with bank_aware a grant lies in the requested bank; a request is refused
// only when every register it may take is allocated or granted to an earlier port; a grant is
// the first register the policy's order gives after the earlier ports' grants (the ports in
// turn); (invariant) the flags equal a shadow of grants and reserves less accepted frees.
module avail #(
    parameter PhysRegs  = 128,
    parameter Banks     = 2,
    parameter Subarrays = 4,
    parameter Ports     = 4
) (
    input  wire                       clk_i,
    input  wire                       rst_ni,
    input  wire [1:0]                 policy_i,
    input  wire                       bank_aware_i,
    input  wire [Ports-1:0]           al_valid_i,
    input  wire [Ports*BankBits-1:0]  al_bank_i,
    input  wire [Ports-1:0]           fr_valid_i,
    input  wire [Ports*IdBits-1:0]    fr_id_i,
    input  wire [Ports-1:0]           rs_valid_i,
    input  wire [Ports*IdBits-1:0]    rs_id_i,
    output reg  [Ports-1:0]           al_gnt_o,
    output reg  [Ports*IdBits-1:0]    al_id_o,
    output reg  [Ports-1:0]           fr_err_o,
    output reg  [IdBits:0]            allocated_o,
    output reg  [SaBits:0]            subarrays_on_o,
    output wire [IdBits-1:0]          last_o
);
  localparam IdBits   = (PhysRegs > 1) ? $clog2(PhysRegs) : 1;
  localparam BankBits = (Banks > 1) ? $clog2(Banks) : 1;
  localparam SaBits   = (Banks * Subarrays > 1) ? $clog2(Banks * Subarrays) : 1;
  localparam Rows     = PhysRegs / Banks;
  localparam SaRows   = Rows / Subarrays;
  localparam CntBits  = $clog2(SaRows + 1);
  localparam Stride   = SaRows * Banks;
  localparam NG       = Banks * Subarrays;
  localparam [31:0] Start0 = Stride % PhysRegs;   // spread's start after reset (last 0)
  // unary codes (unary.vh) count to Ports: a port's place in its list is below Ports
  localparam U  = Ports;
  localparam CW = 1;   // uadd only: the planes below have their own sums
  `include "unary.vh"

  reg [PhysRegs-1:0] used_q;
  reg [IdBits-1:0]   last_q, start_q;   // start_q: (last_q + Stride) mod PhysRegs, spread's start
  assign last_o = last_q;

  // Every count is a thermometer code per register held as U planes of PhysRegs bits (plane j,
  // bits j x PhysRegs up: the registers whose count is at least j + 1), so that each step is a
  // few operations on whole vectors and a sum over a group is the same at each of its rows.
  // Group g: sub-array g / Banks of bank g % Banks; chunk c: sub-array c of every bank. Per
  // register: ex (exh), the free registers (those at or after spread's start) of its group below
  // it; exf (exfh), the same over its chunk in index order; tot (toth), its group's; ctot
  // (cth), its chunk's. Offsets, the free registers of the list before the register's group or
  // chunk: o_seq, o_con, o_hi, o_lo with bank_aware (index order, consolidation, spread's
  // registers at or after the start, before it); o_ch, o_cn, o_chh, o_chl without.
  localparam W = U * PhysRegs;
  wire [PhysRegs-1:0] fr = ~used_q;
  reg  [PhysRegs-1:0] hi, frh;
  reg  [W-1:0] inc, inch, ex, exh, exf, exfh, tot, toth, ctot, cth;
  reg  [W-1:0] o_seq, o_con, o_hi, o_lo, o_ch, o_cn, o_chh, o_chl, off, win, place;
  reg  [NG*CntBits-1:0] cnt, ne_c;   // rows allocated; 1 where any
  reg  [NG*NG-1:0]      rk;          // rk[rh * NG + rg]: consolidation fills group rh before rg
  reg  [NG*W-1:0]       tc, tn;      // consolidation's terms: the bank's groups, every group
  reg  [PhysRegs-1:0]   tmask;
  integer rp, rg, rh, rd, re, rl;
  always @* begin
    tmask = {PhysRegs{1'b0}};
    off   = {W{1'b0}};
    win   = {W{1'b0}};
    o_con = {W{1'b0}};
    o_cn  = {W{1'b0}};
    place = {W{1'b0}};
    for (rp = 0; rp < PhysRegs; rp = rp + 1) hi[rp] = rp >= start_q;
    frh  = fr & hi;
    inc  = rowpre(code1(fr));
    inch = rowpre(code1(frh));
    ex   = up(inc, Banks, m_pos(Banks, SaRows, 1, SaRows));
    exh  = up(inch, Banks, m_pos(Banks, SaRows, 1, SaRows));
    tot  = last_row(inc);
    toth = last_row(inch);
    exf  = uaddv(bank_pre(inc), bank_suf(ex));
    exfh = uaddv(bank_pre(inch), bank_suf(exh));
    ctot = uaddv(bank_pre(tot), bank_suf(tot));
    cth  = uaddv(bank_pre(toth), bank_suf(toth));
    o_seq = sa_pre(tot);
    o_hi  = sa_pre(toth);
    o_lo  = uaddv(uaddv(o_hi, sa_suf(toth)), o_seq);
    o_ch  = sa_pre(ctot);
    o_chh = sa_pre(cth);
    o_chl = uaddv(uaddv(o_chh, sa_suf(cth)), o_ch);
    // consolidation's order: more allocated rows first (a full group has no free register),
    // ties to the lower sub-array, then the lower bank (the lower group)
    for (rg = 0; rg < NG; rg = rg + 1) begin
      cnt[rg*CntBits +: CntBits]  = popw(gbits(used_q, rg));
      ne_c[rg*CntBits +: CntBits] = {{(CntBits-1){1'b0}}, |gbits(used_q, rg)};
    end
    for (rg = 0; rg < NG; rg = rg + 1)
      for (rh = 0; rh < NG; rh = rh + 1)
        rk[rh*NG+rg] = rh != rg && (cnt[rh*CntBits +: CntBits] > cnt[rg*CntBits +: CntBits] ||
`ifdef FAULT_AVAIL_RANK_TIE
                     (cnt[rh*CntBits +: CntBits] == cnt[rg*CntBits +: CntBits] && rh > rg));
`else
                     (cnt[rh*CntBits +: CntBits] == cnt[rg*CntBits +: CntBits] && rh < rg));
`endif
    // term (rd, re): the totals of the group rd sub-arrays and re banks on (cyclically), where that
    // group comes first
    for (rg = 0; rg < NG; rg = rg + 1) begin
      tc[rg*W +: W] = {W{1'b0}};
      tn[rg*W +: W] = {W{1'b0}};
    end
    for (rd = 0; rd < Subarrays; rd = rd + 1)
      for (re = 0; re < Banks; re = re + 1)
        if (rd + re > 0) begin
          for (rp = 0; rp < PhysRegs; rp = rp + 1)
            tmask[rp] = rk[grp(((rp / Banks + rd * SaRows) % Rows) * Banks + (rp % Banks + re) % Banks)*NG + grp(rp)];
          tn[(rd*Banks+re)*W +: W] = mask(bank_rot(rot(tot, rd * Stride), re), tmask);
          if (re == 0) tc[rd*Banks*W +: W] = tn[rd*Banks*W +: W];
        end
    for (rl = 1; rl < NG; rl = rl * 2)
      for (rg = 0; rg + rl < NG; rg = rg + 2 * rl) begin
        tc[rg*W +: W] = uaddv(tc[rg*W +: W], tc[(rg+rl)*W +: W]);
        tn[rg*W +: W] = uaddv(tn[rg*W +: W], tn[(rg+rl)*W +: W]);
      end
    o_con = tc[0 +: W];
    o_cn  = tn[0 +: W];
    // a register's place in the list of the policy and bank_aware
    win = ex;
    if (bank_aware_i) begin
      if (policy_i == 2'd0)      off = o_con;
      else if (policy_i == 2'd1) begin
        off = pick_v(hi, o_hi, o_lo);
        win = pick_v(hi, exh, ex);
      end else                   off = o_seq;
    end else begin
      if (policy_i == 2'd0)      off = o_cn;
      else if (policy_i == 2'd1) begin
        off = pick_v(hi, o_chh, o_chl);
        win = pick_v(hi, exfh, exf);
      end else begin
        off = o_ch;
        win = exf;
      end
    end
    place = uaddv(off, win);
  end

  // Each port takes the free register of its list whose place is its k: the earlier valid ports
  // of its list. The flags take the picks as one-hot vectors.
`ifdef FORMAL_FAULT_AVAIL_TOP_UNUSED
  localparam [PhysRegs-1:0] Usable = {1'b0, {(PhysRegs-1){1'b1}}};
`else
  localparam [PhysRegs-1:0] Usable = {PhysRegs{1'b1}};
`endif
  reg [PhysRegs-1:0] pk, eq, inb, picks;
  reg [Ports-1:0]    same;
  reg [U-1:0]        k;
  reg [BankBits-1:0] want;
  reg [IdBits-1:0]   cur;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]         st32;
  reg [IdBits:0]     pc;
  /* verilator lint_on UNUSEDSIGNAL */
  integer pi, pn, pq;
  always @* begin
    picks    = {PhysRegs{1'b0}};
    cur      = last_q;
    al_gnt_o = {Ports{1'b0}};
    al_id_o  = {Ports*IdBits{1'b0}};
    fr_err_o = {Ports{1'b0}};
    allocated_o    = sum_groups(cnt);
    pc             = sum_groups(ne_c);
    subarrays_on_o = pc[SaBits:0];
    for (pi = 0; pi < Ports; pi = pi + 1) begin
      want = al_bank_i[pi*BankBits +: BankBits];
      same = {Ports{1'b0}};
      for (pn = 0; pn < pi; pn = pn + 1)
        same[pn] = al_valid_i[pn] && (!bank_aware_i || al_bank_i[pn*BankBits +: BankBits] == want);
`ifdef FAULT_AVAIL_DOUBLE_GRANT
      k = {U{1'b0}};
`else
      k = kcount(same);
`endif
      eq = {PhysRegs{1'b1}};
      for (pn = 0; pn < U; pn = pn + 1) eq = eq & (place[pn*PhysRegs +: PhysRegs] ^ {PhysRegs{~k[pn]}});
      for (pq = 0; pq < PhysRegs; pq = pq + 1)
`ifdef FORMAL_FAULT_AVAIL_BANK_IGNORED
        inb[pq] = 1'b1;
`else
        inb[pq] = !bank_aware_i || bank_of(pq) == want;
`endif
      pk = Usable & fr & eq & inb & {PhysRegs{al_valid_i[pi]}};
      picks = picks | pk;
      al_gnt_o[pi] = |pk;
      al_id_o[pi*IdBits +: IdBits] = enc(pk);
      if (al_gnt_o[pi]) cur = al_id_o[pi*IdBits +: IdBits];
`ifdef FAULT_AVAIL_FREE_UNCHECKED
      fr_err_o[pi] = 1'b0;
`else
      fr_err_o[pi] = fr_valid_i[pi] && {{(32-IdBits){1'b0}}, fr_id_i[pi*IdBits +: IdBits]} < PhysRegs &&
                    !used_q[fr_id_i[pi*IdBits +: IdBits]];
`endif
    end
    st32 = ({{(32-IdBits){1'b0}}, cur} + Stride) % PhysRegs;
  end

  // Unary codes on planes. uaddv: a + b per register (unary.vh's uadd on whole planes).
  function [W-1:0] uaddv(input [W-1:0] a, input [W-1:0] b);
    reg [W+PhysRegs-1:0] ea, eb;
    reg [PhysRegs-1:0]   t;
    integer c, x;
    begin
      ea = {a, {PhysRegs{1'b1}}};
      eb = {b, {PhysRegs{1'b1}}};
      for (c = 1; c <= U; c = c + 1) begin
        t = {PhysRegs{1'b0}};
        for (x = 0; x <= c; x = x + 1) t = t | (ea[x*PhysRegs +: PhysRegs] & eb[(c-x)*PhysRegs +: PhysRegs]);
        uaddv[(c-1)*PhysRegs +: PhysRegs] = t;
      end
    end
  endfunction
  // a code of 0 or 1 per register
  function [W-1:0] code1(input [PhysRegs-1:0] v);
    begin
      code1 = {W{1'b0}};
      code1[PhysRegs-1:0] = v;
    end
  endfunction
  // each register takes the code of the register s below (up) or above (dn) it, 0 where mk is 0
  function [W-1:0] up(input [W-1:0] a, input integer s, input [PhysRegs-1:0] mk);
    integer pl;
    for (pl = 0; pl < U; pl = pl + 1) up[pl*PhysRegs +: PhysRegs] = (a[pl*PhysRegs +: PhysRegs] << s) & mk;
  endfunction
  function [W-1:0] dn(input [W-1:0] a, input integer s, input [PhysRegs-1:0] mk);
    integer pl;
    for (pl = 0; pl < U; pl = pl + 1) dn[pl*PhysRegs +: PhysRegs] = (a[pl*PhysRegs +: PhysRegs] >> s) & mk;
  endfunction
  function [W-1:0] mask(input [W-1:0] a, input [PhysRegs-1:0] mk);
    mask = up(a, 0, mk);
  endfunction
  function [W-1:0] pick_v(input [PhysRegs-1:0] s, input [W-1:0] a, input [W-1:0] b);
    pick_v = mask(a, s) | mask(b, ~s);
  endfunction
  // the code of the register s places on, cyclically over the file / within its row
  function [W-1:0] rot(input [W-1:0] a, input integer s);
    integer pl;
    for (pl = 0; pl < U; pl = pl + 1)
      rot[pl*PhysRegs +: PhysRegs] = (a[pl*PhysRegs +: PhysRegs] >> s) | (a[pl*PhysRegs +: PhysRegs] << (PhysRegs - s));
  endfunction
  function [W-1:0] bank_rot(input [W-1:0] a, input integer s);
    bank_rot = dn(a, s, m_pos(1, Banks, 0, Banks - s)) | up(a, Banks - s, m_pos(1, Banks, Banks - s, Banks));
  endfunction
  // Prefix sums along one dimension: the registers step apart, n to a line (position
  // (r / step) mod n). scan_up: inclusive prefix; scan_dn: inclusive suffix (Kogge-Stone).
  // Along a group's rows (step Banks, SaRows), a row's banks (1, Banks), a bank's sub-arrays
  // (Stride, Subarrays); the exclusive prefixes start from the previous position's code.
  function [W-1:0] scan_up(input [W-1:0] a, input integer step, input integer n);
    integer s;
    begin
      scan_up = a;
      for (s = 1; s < n; s = s * 2) scan_up = uaddv(scan_up, up(scan_up, s * step, m_pos(step, n, s, n)));
    end
  endfunction
  function [W-1:0] scan_dn(input [W-1:0] a, input integer step, input integer n);
    integer s;
    begin
      scan_dn = a;
      for (s = 1; s < n; s = s * 2) scan_dn = uaddv(scan_dn, dn(scan_dn, s * step, m_pos(step, n, 0, n - s)));
    end
  endfunction
  function [W-1:0] rowpre(input [W-1:0] a);
    rowpre = scan_up(a, Banks, SaRows);
  endfunction
  function [W-1:0] bank_pre(input [W-1:0] a);
    bank_pre = scan_up(up(a, 1, m_pos(1, Banks, 1, Banks)), 1, Banks);
  endfunction
  function [W-1:0] bank_suf(input [W-1:0] a);
    bank_suf = scan_dn(a, 1, Banks);
  endfunction
  function [W-1:0] sa_pre(input [W-1:0] a);
    sa_pre = scan_up(up(a, Stride, m_pos(Stride, Subarrays, 1, Subarrays)), Stride, Subarrays);
  endfunction
  function [W-1:0] sa_suf(input [W-1:0] a);
    sa_suf = scan_dn(a, Stride, Subarrays);
  endfunction
  // each register takes its group's last row's code
  function [W-1:0] last_row(input [W-1:0] a);
    integer pl, r;
    for (pl = 0; pl < U; pl = pl + 1)
      for (r = 0; r < PhysRegs; r = r + 1)
        last_row[pl*PhysRegs+r] = a[pl*PhysRegs + ((r / Stride) * SaRows + SaRows - 1) * Banks + r % Banks];
  endfunction
  // registers whose position (r / step) mod n lies in [lo, top)
  function [PhysRegs-1:0] m_pos(input integer step, input integer n, input integer lo, input integer top);
    integer r;
    for (r = 0; r < PhysRegs; r = r + 1) m_pos[r] = (r / step) % n >= lo && (r / step) % n < top;
  endfunction
  // the earlier valid ports of a port's list, as a code
  function [U-1:0] kcount(input [Ports-1:0] v);
    reg [U-1:0] one;
    integer x;
    begin
      kcount = {U{1'b0}};
      for (x = 0; x < Ports; x = x + 1) begin
        one    = {U{1'b0}};
        one[0] = v[x];
        kcount = uadd(kcount, one);
      end
    end
  endfunction
  // the group (sub-array sa of bank b: sa * Banks + b) of register k
  function integer grp(input integer kk);
    grp = ((kk / Banks) / SaRows) * Banks + kk % Banks;
  endfunction
  /* verilator lint_off UNUSEDSIGNAL */
  function [BankBits-1:0] bank_of(input integer kk);
    reg [31:0] bt;
    begin
      bt      = kk % Banks;
      bank_of = bt[BankBits-1:0];
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // group ng's bits of v, by row
  function [SaRows-1:0] gbits(input [PhysRegs-1:0] v, input integer ng);
    integer q;
    for (q = 0; q < SaRows; q = q + 1) gbits[q] = v[((ng / Banks) * SaRows + q) * Banks + ng % Banks];
  endfunction
  // set bits of a group's rows, and the sum of the groups' counts (or of one bit per group),
  // each a balanced tree of adders (level l adds the sums l apart)
  function [CntBits-1:0] popw(input [SaRows-1:0] v);
    reg [SaRows*CntBits-1:0] a;
    integer q, l;
    begin
      a = {(SaRows*CntBits){1'b0}};
      for (q = 0; q < SaRows; q = q + 1) a[q*CntBits] = v[q];
      for (l = 1; l < SaRows; l = l * 2)
        for (q = 0; q + l < SaRows; q = q + 2 * l)
          a[q*CntBits +: CntBits] = a[q*CntBits +: CntBits] + a[(q+l)*CntBits +: CntBits];
      popw = a[0 +: CntBits];
    end
  endfunction
  function [IdBits:0] sum_groups(input [NG*CntBits-1:0] c);
    reg [NG*(IdBits+1)-1:0] a;
    integer q, l;
    begin
      for (q = 0; q < NG; q = q + 1)
        a[q*(IdBits+1) +: IdBits+1] = {{(IdBits+1-CntBits){1'b0}}, c[q*CntBits +: CntBits]};
      for (l = 1; l < NG; l = l * 2)
        for (q = 0; q + l < NG; q = q + 2 * l)
          a[q*(IdBits+1) +: IdBits+1] = a[q*(IdBits+1) +: IdBits+1] + a[(q+l)*(IdBits+1) +: IdBits+1];
      sum_groups = a[0 +: IdBits+1];
    end
  endfunction
  // the index of a one-hot vector: bit j is the OR of the set bits whose index has bit j
  function [IdBits-1:0] enc(input [PhysRegs-1:0] v);
    reg [PhysRegs-1:0] m;
    integer q, j;
    for (j = 0; j < IdBits; j = j + 1) begin
      for (q = 0; q < PhysRegs; q = q + 1) m[q] = v[q] && ((q >> j) & 1) == 1;
      enc[j] = |m;
    end
  endfunction

  reg [PhysRegs-1:0] used_d;
  // frees before reserves: a reserve beats a free of the same register
`ifdef FORMAL_FAULT_AVAIL_FREE_BEATS_RESERVE
  localparam FreePass = 1;
`else
  localparam FreePass = 0;
`endif
  integer pass, n;
  always @* begin
    used_d = used_q;
`ifndef FORMAL_FAULT_AVAIL_GRANT_LOST
    used_d = used_d | picks;
`endif
    for (pass = 0; pass < 2; pass = pass + 1)
      for (n = 0; n < Ports; n = n + 1)
        if (pass == FreePass) begin
`ifndef FORMAL_FAULT_AVAIL_FREE_LOST
          if (fr_valid_i[n] && {{(32-IdBits){1'b0}}, fr_id_i[n*IdBits +: IdBits]} < PhysRegs && !fr_err_o[n])
            used_d[fr_id_i[n*IdBits +: IdBits]] = 1'b0;
`endif
        end else begin
`ifndef FORMAL_FAULT_AVAIL_RESERVE_LOST
          if (rs_valid_i[n] && {{(32-IdBits){1'b0}}, rs_id_i[n*IdBits +: IdBits]} < PhysRegs)
            used_d[rs_id_i[n*IdBits +: IdBits]] = 1'b1;
`endif
        end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
`ifndef FORMAL_FAULT_AVAIL_RESET_HOLE
      used_q <= {PhysRegs{1'b0}};
`endif
      last_q  <= {IdBits{1'b0}};
      start_q <= Start0[IdBits-1:0];
    end else begin
      used_q <= used_d;
      last_q  <= cur;
      start_q <= st32[IdBits-1:0];
    end
  end
`ifdef FORMAL
`include "avail_props.vh"
`endif
endmodule
