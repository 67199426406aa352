// bank_arb: per-bank arbitration shared by the banked storage blocks (rf, rfc); contract
// identical to cmodel/bank_arb.h applied once per bank port (the rf's rounds). Combinational.
// Each bank port serves at most one access per cycle; per bank, in bank-port order:
//   1. bank ports in busy_pre_i are taken (e.g. an arriving cache fill, a busy bank);
//   2. fixed-priority requesters (writes, then e.g. an eviction read), lowest index first,
//      take the free bank ports in order;
//   3. bank ports in busy_post_i are taken;
//   4. read requesters take the bank ports left, in round-robin order from the bank's pointer
//      (the block keeps the pointers and loads rrt_next_o, the port after the last granted
//      one, on a grant).
// A pointer is a thermometer (rrt_i, rrt_next_o: bit b*NumPorts + j set when port j is at or
// after bank b's pointer), so that no comparison with a port number starts the pointer's path
// from one edge to the next, and no encoder ends it.
// This is the sequential rounds' result (round k: bank port k, writes first, then the next
// read in round-robin order), computed in parallel: how many requesters of its bank come
// before a requester picks the free bank port of that rank. The counts saturate at BankPorts
// (unary codes: bit n set when more than n) and come from a parallel prefix (Kogge-Stone) over
// the requesters, so the depth grows with log(requesters), not with rounds or requesters; a
// prefix written as one reduction per requester is mapped as a chain of shared ORs.
// A requester's bank index must be below NumBanks (the block masks the others).
module bank_arb #(
    parameter NumBanks  = 4,
    parameter NumPorts  = 12,
    parameter NumFixed  = 1,
    parameter BankPorts = 1
) (
    input  wire [NumBP-1:0]             busy_pre_i,
    input  wire [NumBP-1:0]             busy_post_i,
    input  wire [NumFixed-1:0]          fix_req_i,
    input  wire [NumFixed*BankBits-1:0] fix_bank_i,
    input  wire [NumPorts-1:0]          rd_req_i,
    input  wire [NumPorts*BankBits-1:0] rd_bank_i,
    input  wire [NumBanks*NumPorts-1:0] rrt_i,
    output reg  [NumFixed-1:0]          fix_gnt_o,
    output reg  [NumFixed*BpBits-1:0]   fix_bp_o,   // the bank port a fixed grant took
    output reg  [NumPorts-1:0]          rd_gnt_o,
    output reg  [NumBP-1:0]             bp_fix_o,   // bank port b*BankPorts+k: a fixed access
    output reg  [NumBP-1:0]             bp_rd_o,    // ... a read
    output reg  [NumBP*PortBits-1:0]    bp_port_o,  // ... by this read port
    output reg  [NumBP*NumPorts-1:0]    bp_sel_o,   // ... one-hot (bit e*NumPorts + j: read j)
    output reg  [NumBanks*NumPorts-1:0] rrt_next_o
);
  localparam BankBits = (NumBanks > 1) ? $clog2(NumBanks) : 1;
  localparam PortBits = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  localparam NumBP    = NumBanks * BankPorts;
  localparam BpBits   = (BankPorts > 1) ? $clog2(BankPorts) : 1;
  localparam CntBits  = $clog2(BankPorts + 1) + 1;        // counts up to BankPorts

  // the index of the n-th set bit of a bank's port vector (BankPorts bits), found: bit BpBits
  function [BpBits:0] nth;
    input [BankPorts-1:0] v;
    input [CntBits-1:0]   n;
    integer q;
    reg [CntBits-1:0] seen;
    begin
      nth  = {(BpBits+1){1'b0}};
      seen = {CntBits{1'b0}};
      for (q = 0; q < BankPorts; q = q + 1)
        if (v[q]) begin
          if (seen == n) nth = {1'b1, q[BpBits-1:0]};
          seen = seen + 1'b1;
        end
    end
  endfunction

  // bit i of each of n ports' numbers: bit i*NumPorts + q is bit i of q (an AND-OR with a
  // one-hot port vector encodes it)
  function [PortBits*NumPorts-1:0] port_bits(input integer n);
    integer q, i;
    begin
      port_bits = {(PortBits*NumPorts){1'b0}};
      for (q = 0; q < n; q = q + 1)
        for (i = 0; i < PortBits; i = i + 1) port_bits[i*NumPorts + q] = ((q >> i) % 2) == 1;
    end
  endfunction
  localparam [PortBits*NumPorts-1:0] PortNum = port_bits(NumPorts);
  // unary counts of BankPorts bits (uprefix.v)
  localparam U = BankPorts;
  localparam W = NumFixed > NumPorts ? NumFixed : NumPorts;
  /* verilator lint_off UNUSEDSIGNAL */
  function [PortBits-1:0] enc;  // the one-hot requester's port number
    input [NumPorts-1:0] oh;
    integer q;
    reg [31:0] nx;
    begin
      enc = {PortBits{1'b0}};
      for (q = 0; q < NumPorts; q = q + 1) begin
        nx = q;
        if (oh[q]) enc = enc | nx[PortBits-1:0];
      end
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // bits below each position set: an exclusive prefix OR (Kogge-Stone)
  function [W-1:0] below;
    input [W-1:0] v;
    integer d;
    reg [W-1:0] p;
    begin
      p = v;
      for (d = 1; d < W; d = d * 2)
        p = p | (p << d);
      below = p << 1;
    end
  endfunction
  generate
    if (BankPorts == 1) begin : g_one
  // one port per bank: the lowest fixed requester of the bank takes it; else, when it is free,
  // the first read requester at or after the pointer, or the first one below it; the pointer
  // moves past the granted read. Prefix ORs and one-hot encodes: the depth grows with
  // log(requesters) (the pointer's path from one edge to the next is the block's clock limit).
  reg [NumPorts-1:0] hi;
  reg [W-1:0] fqw, rqw, fb, hb, ab;
  reg [NumPorts-1:0] first, after;
  reg fbusy, rfr, anyhi;
  integer b, j;
  always @* begin
    fix_gnt_o = {NumFixed{1'b0}};
    fix_bp_o  = {(NumFixed*BpBits){1'b0}};
    rd_gnt_o  = {NumPorts{1'b0}};
    bp_fix_o  = {NumBP{1'b0}};
    bp_rd_o   = {NumBP{1'b0}};
    bp_port_o = {(NumBP*PortBits){1'b0}};
    bp_sel_o  = {(NumBP*NumPorts){1'b0}};
    rrt_next_o = rrt_i;
    for (b = 0; b < NumBanks; b = b + 1) begin
      fqw = {W{1'b0}};
      rqw = {W{1'b0}};
      for (j = 0; j < NumFixed; j = j + 1)
        fqw[j] = fix_req_i[j] && fix_bank_i[j*BankBits +: BankBits] == b[BankBits-1:0];
      for (j = 0; j < NumPorts; j = j + 1) begin
        rqw[j] = rd_req_i[j] && rd_bank_i[j*BankBits +: BankBits] == b[BankBits-1:0];
        hi[j] = rqw[j] && rrt_i[b*NumPorts + j];
      end
      fb = below(fqw);
      for (j = 0; j < NumFixed; j = j + 1)
        fix_gnt_o[j] = fix_gnt_o[j] | (fqw[j] && !fb[j] && !busy_pre_i[b]);
      fbusy = |fqw[NumFixed-1:0];
      bp_fix_o[b] = fbusy && !busy_pre_i[b];
      rfr = !busy_pre_i[b] && !fbusy && !busy_post_i[b];
      // the first read at or after the pointer and the first of all, found side by side; one
      // of them is chosen after
      hb = below({{(W-NumPorts){1'b0}}, hi});
      ab = below(rqw);
      anyhi = |hi;
      for (j = 0; j < NumPorts; j = j + 1) begin
        first[j] = anyhi ? hi[j] && !hb[j] : rqw[j] && !ab[j];
        after[j] = anyhi ? hb[j] : ab[j];
      end
      for (j = 0; j < NumPorts; j = j + 1) begin
        rd_gnt_o[j] = rd_gnt_o[j] | (first[j] && rfr);
        bp_sel_o[b*NumPorts + j] = first[j] && rfr;
      end
      bp_rd_o[b] = rfr && |rqw;
      bp_port_o[b*PortBits +: PortBits] = rfr ? enc(first) : {PortBits{1'b0}};
      // the ports after the granted one: those with a chosen requester below them
      if (rfr && |rqw)
        rrt_next_o[b*NumPorts +: NumPorts] = first[NumPorts-1] ? {NumPorts{1'b1}} : after;
    end
  end
    end else begin : g_any
  // ge_*[n*N + j]: at least n+1 requesters of the bank come before requester j (fixed: lower
  // index; reads: earlier in round-robin order): bit n of its unary prefix count
  reg [BankPorts-1:0]          freep, rfree, taken;
  reg [NumFixed-1:0]           fq;
  reg [NumPorts-1:0]           rq, hi, lo, mr, rt;
  reg [BankPorts-1:0]          tot_f;
  reg [U:0]                    tot;          // the bank's reads, unary, with a zero above
  reg [U-1:0]                  htot;         // ... those at or after the pointer
  reg                          wrap;
  integer i, nb;
  reg [NumFixed*U-1:0]         pf;           // inclusive prefix counts: fixed, and reads
  reg [2*NumPorts*U-1:0]       pr;           // in round-robin order (high, then low)
  reg [U-1:0]                  cb;
  reg [BankPorts*NumFixed-1:0] ge_f;
  reg [BankPorts*NumPorts-1:0] ge_r;
  reg [CntBits-1:0]            pos, fbel;   // fbel: free bank ports below the one at hand
  reg [BpBits:0]               fp;
  reg                          hit;
  // each bank's requesters (fixed; reads at or after its pointer, and before it) and their
  // prefix counts, one uprefix each (a prefix function here is unrolled by the synthesis
  // front end per call, in time growing with the requesters squared). The reads' prefix runs
  // over the high reads, then the low ones, so that a low read's count includes the high
  // reads without the high total fanned out to every port and added there
  reg  [NumBanks*NumFixed-1:0]   fq_all;
  reg  [NumBanks*NumPorts-1:0]   hi_all, lo_all;
  wire [NumBanks*NumFixed*U-1:0] pf_all;
  wire [NumBanks*2*NumPorts*U-1:0] pr_all;
  reg                            rqs;
  integer sb, sj;
  always @* begin
    for (sb = 0; sb < NumBanks; sb = sb + 1) begin
      for (sj = 0; sj < NumFixed; sj = sj + 1)
        fq_all[sb*NumFixed + sj] = fix_req_i[sj] && fix_bank_i[sj*BankBits +: BankBits] == sb[BankBits-1:0];
      for (sj = 0; sj < NumPorts; sj = sj + 1) begin
        rqs = rd_req_i[sj] && rd_bank_i[sj*BankBits +: BankBits] == sb[BankBits-1:0];
        hi_all[sb*NumPorts + sj] = rqs && rrt_i[sb*NumPorts + sj];
        lo_all[sb*NumPorts + sj] = rqs && !hi_all[sb*NumPorts + sj];
      end
    end
  end
  genvar gb;
  for (gb = 0; gb < NumBanks; gb = gb + 1) begin : g_pre
    uprefix #(.N(NumFixed), .U(U)) u_pf (.v_i(fq_all[gb*NumFixed +: NumFixed]), .p_o(pf_all[gb*NumFixed*U +: NumFixed*U]));
    uprefix #(.N(2*NumPorts), .U(U)) u_pr (.v_i({lo_all[gb*NumPorts +: NumPorts], hi_all[gb*NumPorts +: NumPorts]}),
                                          .p_o(pr_all[gb*2*NumPorts*U +: 2*NumPorts*U]));
  end
  integer b, k, j, n;
  always @* begin
    fix_gnt_o = {NumFixed{1'b0}};
    fix_bp_o  = {(NumFixed*BpBits){1'b0}};
    rd_gnt_o  = {NumPorts{1'b0}};
    bp_fix_o  = {NumBP{1'b0}};
    bp_rd_o   = {NumBP{1'b0}};
    bp_port_o = {(NumBP*PortBits){1'b0}};
    bp_sel_o  = {(NumBP*NumPorts){1'b0}};
    rrt_next_o = rrt_i;
    for (b = 0; b < NumBanks; b = b + 1) begin
      for (k = 0; k < BankPorts; k = k + 1) freep[k] = !busy_pre_i[b*BankPorts + k];
      // fixed requesters: one with c requesters before it takes the c-th free bank port
      fq = fq_all[b*NumFixed +: NumFixed];
      pf = pf_all[b*NumFixed*U +: NumFixed*U];
      for (j = 0; j < NumFixed; j = j + 1)
        for (n = 0; n < BankPorts; n = n + 1)
          ge_f[n*NumFixed + j] = j > 0 && pf[(j-1)*U + n];
      for (j = 0; j < NumFixed; j = j + 1) begin
        pos = {CntBits{1'b0}};
        for (n = 0; n < BankPorts; n = n + 1) pos = pos + {{(CntBits-1){1'b0}}, ge_f[n*NumFixed + j]};
        fp = nth(freep, pos);
        if (fq[j] && fp[BpBits]) begin
          fix_gnt_o[j] = 1'b1;
          fix_bp_o[j*BpBits +: BpBits] = fp[BpBits-1:0];
        end
      end
      // the fixed accesses take the first free bank ports, as many as there are requesters
      // (tot_f[n]: at least n+1), without waiting for each requester's grant
      tot_f = pf[(NumFixed-1)*U +: U];
      nb = 0;
      for (k = 0; k < BankPorts; k = k + 1) begin
        taken[k] = freep[k] && tot_f[nb];
        nb = nb + {31'd0, freep[k]};
      end
      for (k = 0; k < BankPorts; k = k + 1) bp_fix_o[b*BankPorts + k] = taken[k];
      rfree = freep & ~taken & ~busy_post_i[b*BankPorts +: BankPorts];
      // reads in round-robin order: those at or after the pointer, then those before it
      hi = hi_all[b*NumPorts +: NumPorts];
      lo = lo_all[b*NumPorts +: NumPorts];
      rq = hi | lo;
      pr = pr_all[b*2*NumPorts*U +: 2*NumPorts*U];
      // cb: the reads before port j in round-robin order, for every port (one that does not
      // read counts as placed by the pointer like one that does): the prefix up to its high
      // element, or up to its low one (the high ones all before it)
      rt = rrt_i[b*NumPorts +: NumPorts];
      for (j = 0; j < NumPorts; j = j + 1) begin
        cb = rt[j] ? (j > 0 ? pr[(j-1)*U +: U] : {U{1'b0}}) : pr[(NumPorts+j-1)*U +: U];
        for (n = 0; n < BankPorts; n = n + 1) ge_r[n*NumPorts + j] = cb[n];
      end
      // read j takes free bank port k when as many reads come before it in round-robin order
      // as free bank ports below k: a unary equality on its prefix count, the free ports'
      // count known from the busy and fixed accesses alone (no count of the reads is added up
      // and compared, and the crossbar takes the one-hot grants as they are)
      htot = pr[(NumPorts-1)*U +: U];
      tot = {1'b0, pr[(2*NumPorts-1)*U +: U]};
      fbel = {CntBits{1'b0}};
      for (k = 0; k < BankPorts; k = k + 1) begin
        // free bank port k is read when the bank has more reads than free ports below it:
        // from the bank's count, not from the grants
        hit = 1'b0;
        for (n = 0; n <= k; n = n + 1) hit = hit | (fbel == n[CntBits-1:0] && tot[n]);
        bp_rd_o[b*BankPorts + k] = rfree[k] && hit;
        for (j = 0; j < NumPorts; j = j + 1) begin
          hit = 1'b0;
          for (n = 0; n <= k; n = n + 1)
            hit = hit | (fbel == n[CntBits-1:0] && (n == 0 || ge_r[(n-1)*NumPorts + j]) &&
                         !ge_r[n*NumPorts + j]);
          mr[j] = rq[j] && rfree[k] && hit;
          bp_sel_o[(b*BankPorts + k)*NumPorts + j] = mr[j];
          rd_gnt_o[j] = rd_gnt_o[j] | mr[j];
        end
        for (i = 0; i < PortBits; i = i + 1)
          bp_port_o[(b*BankPorts + k)*PortBits + i] = |(mr & PortNum[i*NumPorts +: NumPorts]);
        fbel = fbel + {{(CntBits-1){1'b0}}, rfree[k]};
      end
      // the pointer: the ports after the last granted read. The reads granted are the first
      // m = min(free, requesters) in round-robin order; the last has n = m - 1 before it. When
      // it is at or after the pointer (at least n + 1 reads there), the ports after it are those
      // at or after the pointer with more than n reads before them in round-robin order; else
      // every port at or after the pointer and those below it with more than n before them. The
      // last port wraps to all. Every term comes from the prefix counts: no encoder, no
      // comparison with a port number.
      nb = 0;
      for (k = 0; k < BankPorts; k = k + 1) nb = nb + {31'd0, rfree[k]};
      for (n = 0; n < BankPorts; n = n + 1) begin
        wrap = rq[NumPorts-1] && (n == 0 || ge_r[(n-1)*NumPorts + NumPorts-1]) &&
               !ge_r[n*NumPorts + NumPorts-1];
        if (tot[n] && (nb == n + 1 || (nb > n + 1 && !tot[n+1])))
          for (j = 0; j < NumPorts; j = j + 1)
            rrt_next_o[b*NumPorts + j] = wrap || (htot[n] ? rt[j] && ge_r[n*NumPorts + j]
                                                          : rt[j] || ge_r[n*NumPorts + j]);
      end
    end
  end
    end
  endgenerate
endmodule
