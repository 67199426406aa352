// bank_arb: per-bank arbitration shared by the banked storage blocks (rf, rfc); contract
// identical to cmodel/bank_arb.h. Combinational. Each bank serves at most one access per cycle:
//   1. banks in busy_pre_i are taken (e.g. an arriving cache fill);
//   2. fixed-priority requesters (writes, then e.g. an eviction read), lowest index first, each
//      take their bank if it is still free;
//   3. banks in busy_post_i are taken;
//   4. each free bank grants one read requester, round-robin from its pointer rr_i (the block
//      keeps the pointers and loads rr_next_o, the port after the granted one, on a grant).
// A requester's bank index must be below NumBanks (the block masks the others).
module bank_arb #(
    parameter NumBanks = 4,
    parameter NumPorts = 12,
    parameter NumFixed = 1
) (
    input  wire [NumBanks-1:0]          busy_pre_i,
    input  wire [NumBanks-1:0]          busy_post_i,
    input  wire [NumFixed-1:0]          fix_req_i,
    input  wire [NumFixed*BankBits-1:0] fix_bank_i,
    input  wire [NumPorts-1:0]          rd_req_i,
    input  wire [NumPorts*BankBits-1:0] rd_bank_i,
    input  wire [NumBanks*PortBits-1:0] rr_i,
    output reg  [NumFixed-1:0]          fix_gnt_o,
    output reg  [NumBanks-1:0]          fix_busy_o,
    output reg  [NumPorts-1:0]          rd_gnt_o,
    output reg  [NumBanks-1:0]          rd_bank_o,
    output reg  [NumBanks*PortBits-1:0] rd_port_o,
    output reg  [NumBanks*PortBits-1:0] rr_next_o
);
  localparam BankBits = (NumBanks > 1) ? $clog2(NumBanks) : 1;
  localparam PortBits = (NumPorts > 1) ? $clog2(NumPorts) : 1;
  localparam integer LastPortI = NumPorts - 1;
  localparam [PortBits-1:0] LastPort = LastPortI[PortBits-1:0];

  // per bank, as one-hot vectors over the requesters: fixed priority is the lowest request
  // (prefix masks), round-robin the lowest request at or after the pointer, else the lowest
  // (two priority encoders, no rotation), so the depth grows with log(requesters)
  reg [NumFixed-1:0] fq, fg;
  reg [NumPorts-1:0] rq, hi, rg;
  reg [NumBanks-1:0] taken;
  reg [PortBits-1:0] port;
  integer b, k, j;
  always @* begin
    fix_gnt_o  = {NumFixed{1'b0}};
    fix_busy_o = {NumBanks{1'b0}};
    rd_gnt_o   = {NumPorts{1'b0}};
    rd_bank_o  = {NumBanks{1'b0}};
    rd_port_o  = {(NumBanks*PortBits){1'b0}};
    rr_next_o  = rr_i;
    for (b = 0; b < NumBanks; b = b + 1) begin
      for (k = 0; k < NumFixed; k = k + 1)
        fq[k] = fix_req_i[k] && fix_bank_i[k*BankBits +: BankBits] == b[BankBits-1:0] && !busy_pre_i[b];
      for (k = 0; k < NumFixed; k = k + 1) begin
        fg[k] = fq[k];
        for (j = 0; j < k; j = j + 1)
          if (fq[j]) fg[k] = 1'b0;
      end
      fix_gnt_o     = fix_gnt_o | fg;
      fix_busy_o[b] = |fq;
      taken[b]      = busy_pre_i[b] || |fq || busy_post_i[b];
      for (k = 0; k < NumPorts; k = k + 1) begin
        rq[k] = !taken[b] && rd_req_i[k] && rd_bank_i[k*BankBits +: BankBits] == b[BankBits-1:0];
        hi[k] = rq[k] && k[PortBits-1:0] >= rr_i[b*PortBits +: PortBits];
      end
      for (k = 0; k < NumPorts; k = k + 1) begin
        rg[k] = |hi ? hi[k] : rq[k];
        for (j = 0; j < k; j = j + 1)
          if (|hi ? hi[j] : rq[j]) rg[k] = 1'b0;
      end
      rd_gnt_o     = rd_gnt_o | rg;
      rd_bank_o[b] = |rq;
      port = {PortBits{1'b0}};
      for (k = 0; k < NumPorts; k = k + 1)
        if (rg[k]) port = port | k[PortBits-1:0];
      rd_port_o[b*PortBits +: PortBits] = port;
      if (|rq) rr_next_o[b*PortBits +: PortBits] = (port == LastPort) ? {PortBits{1'b0}} : port + 1'b1;
    end
  end
endmodule
