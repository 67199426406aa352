// bank_arb: per-bank arbitration shared by the banked storage blocks (rf, rfc); contract
// identical to cmodel/bank_arb.h applied once per bank port (the rf's rounds). Combinational.
// Each bank port serves at most one access per cycle; per bank, in bank-port order:
//   1. bank ports in busy_pre_i are taken (e.g. an arriving cache fill, a busy bank);
//   2. fixed-priority requesters (writes, then e.g. an eviction read), lowest index first,
//      take the free bank ports in order;
//   3. bank ports in busy_post_i are taken;
//   4. read requesters take the bank ports left, in round-robin order from the bank's pointer
//      rr_i (the block keeps the pointers and loads rr_next_o, the port after the last granted
//      one, on a grant).
// This is the sequential rounds' result (round k: bank port k, writes first, then the next
// read in round-robin order), computed in parallel: each requester's position among its bank's
// requesters (a count saturating at BankPorts) picks the free bank port of that rank, so the
// depth grows with log(requesters), not with rounds or requesters.
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
    input  wire [NumBanks*PortBits-1:0] rr_i,
    output reg  [NumFixed-1:0]          fix_gnt_o,
    output reg  [NumFixed*BpBits-1:0]   fix_bp_o,   // the bank port a fixed grant took
    output reg  [NumPorts-1:0]          rd_gnt_o,
    output reg  [NumPorts*BpBits-1:0]   rd_bp_o,    // the bank port a read grant took
    output reg  [NumBP-1:0]             bp_fix_o,   // bank port b*BankPorts+k: a fixed access
    output reg  [NumBP-1:0]             bp_rd_o,    // ... a read
    output reg  [NumBP*PortBits-1:0]    bp_port_o,  // ... by this read port
    output reg  [NumBanks*PortBits-1:0] rr_next_o
);
  localparam BankBits = (NumBanks > 1) ? $clog2(NumBanks) : 1;
  localparam PortBits = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  localparam NumBP    = NumBanks * BankPorts;
  localparam BpBits   = (BankPorts > 1) ? $clog2(BankPorts) : 1;
  localparam CntBits  = $clog2(BankPorts + 1) + 1;        // counts saturating at BankPorts
  localparam integer SatI = BankPorts;
  localparam [CntBits-1:0] Sat = SatI[CntBits-1:0];
  localparam integer LastPortI = NumPorts - 1;
  localparam [PortBits-1:0] LastPort = LastPortI[PortBits-1:0];

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
  function [CntBits-1:0] sat_inc(input [CntBits-1:0] c, input x);
    sat_inc = (x && c != Sat) ? c + 1'b1 : c;
  endfunction

  reg [BankPorts-1:0] freep, rfree, taken;
  reg [NumFixed-1:0]  fq;
  reg [NumPorts-1:0]  rq, hi, lo;
  reg [CntBits-1:0]   c, nhi, pos, nr, ng;
  reg [CntBits-1:0]   rpos [0:NumPorts-1];   // a read's position in round-robin order
  reg [BpBits:0]      fp;
  integer b, k, j;
  always @* begin
    fix_gnt_o = {NumFixed{1'b0}};
    fix_bp_o  = {(NumFixed*BpBits){1'b0}};
    rd_gnt_o  = {NumPorts{1'b0}};
    rd_bp_o   = {(NumPorts*BpBits){1'b0}};
    bp_fix_o  = {NumBP{1'b0}};
    bp_rd_o   = {NumBP{1'b0}};
    bp_port_o = {(NumBP*PortBits){1'b0}};
    rr_next_o = rr_i;
    for (b = 0; b < NumBanks; b = b + 1) begin
      for (k = 0; k < BankPorts; k = k + 1) freep[k] = !busy_pre_i[b*BankPorts + k];
      // fixed requesters: the one with c requesters before it takes the c-th free bank port
      taken = {BankPorts{1'b0}};
      c = {CntBits{1'b0}};
      for (j = 0; j < NumFixed; j = j + 1) begin
        fq[j] = fix_req_i[j] && fix_bank_i[j*BankBits +: BankBits] == b[BankBits-1:0];
        fp = nth(freep, c);
        if (fq[j] && fp[BpBits]) begin
          fix_gnt_o[j] = 1'b1;
          fix_bp_o[j*BpBits +: BpBits] = fp[BpBits-1:0];
          taken[fp[BpBits-1:0]] = 1'b1;
        end
        c = sat_inc(c, fq[j]);
      end
      for (k = 0; k < BankPorts; k = k + 1) bp_fix_o[b*BankPorts + k] = taken[k];
      rfree = freep & ~taken & ~busy_post_i[b*BankPorts +: BankPorts];
      nr = {CntBits{1'b0}};
      for (k = 0; k < BankPorts; k = k + 1) nr = sat_inc(nr, rfree[k]);
      // reads in round-robin order: those at or after the pointer, then those before it
      nhi = {CntBits{1'b0}};
      for (j = 0; j < NumPorts; j = j + 1) begin
        rq[j] = rd_req_i[j] && rd_bank_i[j*BankBits +: BankBits] == b[BankBits-1:0];
        hi[j] = rq[j] && j[PortBits-1:0] >= rr_i[b*PortBits +: PortBits];
        lo[j] = rq[j] && !hi[j];
        nhi = sat_inc(nhi, hi[j]);
      end
      ng = {CntBits{1'b0}};
      for (j = 0; j < NumPorts; j = j + 1) begin
        pos = {CntBits{1'b0}};
        for (k = 0; k < NumPorts; k = k + 1)
          if (k < j) pos = sat_inc(pos, hi[j] ? hi[k] : lo[k]);
        if (lo[j]) pos = (nhi + pos > Sat) ? Sat : nhi + pos;
        rpos[j] = pos;
        fp = nth(rfree, pos);
        if (rq[j] && fp[BpBits]) begin
          rd_gnt_o[j] = 1'b1;
          rd_bp_o[j*BpBits +: BpBits] = fp[BpBits-1:0];
          for (k = 0; k < BankPorts; k = k + 1)
            if (fp[BpBits-1:0] == k[BpBits-1:0]) begin
              bp_rd_o[b*BankPorts + k] = 1'b1;
              bp_port_o[(b*BankPorts + k)*PortBits +: PortBits] = j[PortBits-1:0];
            end
          ng = sat_inc(ng, 1'b1);
        end
      end
      // the pointer: after the last granted read in round-robin order (position ng - 1)
      for (j = 0; j < NumPorts; j = j + 1)
        if (rq[j] && rd_gnt_o[j] && rpos[j] + 1'b1 == ng)
          rr_next_o[b*PortBits +: PortBits] = (j[PortBits-1:0] == LastPort) ? {PortBits{1'b0}} : j[PortBits-1:0] + 1'b1;
    end
  end
endmodule
